// The built `questions` binary run as a child process, each test on its own store folder.

import CommandLineKit
import Foundation
import Models
import TestSupport
import Testing

@Suite struct EndToEndTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "AppEndToEnd")
  }

  /// The store file inside the test's folder.
  var storeFile: URL { folder.appending("questions.json") }

  /// Runs the binary with `--data-dir` pointing at the test's folder.
  func questions(_ arguments: [String]) throws -> ChildProcessResult {
    try run(["--data-dir", folder.url.path] + arguments)
  }

  /// Runs the binary with no `QUESTIONS_DATA_DIR` and a private `XDG_DATA_HOME` unless given.
  func run(
    _ arguments: [String], environment: [String: String?] = [:]
  ) throws
    -> ChildProcessResult
  {
    var merged: [String: String?] = [
      "QUESTIONS_DATA_DIR": nil, "NO_COLOR": nil,
      "XDG_DATA_HOME": folder.appending("xdg").path,
    ]
    merged.merge(environment) { $1 }
    return try ChildProcess.run(
      BuiltProducts.executable("questions"), arguments, environment: merged)
  }

  /// Adds a question and returns the id the binary printed.
  func add(_ prompt: String, answer: String, tags: [String] = []) throws -> String {
    let result = try questions(
      ["add", prompt, "--answer", answer] + tags.flatMap { ["--tag", $0] })
    try #require(result.status == 0, "\(result.standardError)")
    let id = result.standardOutput.trimmingCharacters(in: .newlines)
    try #require(UUID(uuidString: id) != nil)
    #expect(result.standardOutput == id + "\n")
    return id
  }

  @Test func addThenListAsJSON() throws {
    let first = try add("What does an actor guarantee?", answer: "Serial access", tags: ["actors"])
    let second = try add("What is Sendable?", answer: "Safe to share")
    let result = try questions(["list", "--json"])
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    let data = Data(result.standardOutput.utf8)
    let listed = try JSONDecoder().decode([Question].self, from: data)
    #expect(listed.map(\.id.uuidString) == [first, second])
    #expect(listed.map(\.prompt) == ["What does an actor guarantee?", "What is Sendable?"])
    #expect(listed[0].tags == ["actors"])
    let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    for object in objects {
      #expect(Set(object.keys) == ["id", "prompt", "answer", "tags", "createdAt"])
    }
  }

  @Test func showByPrefixPrintsEveryField() throws {
    let id = try add("What is an Optional?", answer: "A value or nothing", tags: ["basics"])
    let result = try questions(["show", String(id.prefix(8)).lowercased()])
    #expect(result.status == 0)
    for field in [id, "What is an Optional?", "A value or nothing", "basics"] {
      #expect(result.standardOutput.contains(field))
    }
    #expect(result.standardOutput.contains(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/))
  }

  @Test func deleteRemovesFromTheFile() throws {
    let kept = try add("Kept?", answer: "yes")
    let removed = try add("Removed?", answer: "yes")
    let result = try questions(["delete", removed])
    #expect(result.status == 0)
    #expect(result.standardError == "Deleted \(removed)\n")
    let stored = try JSONDecoder().decode(
      [Question].self, from: Data(try questions(["--json"]).standardOutput.utf8))
    #expect(stored.map(\.id.uuidString) == [kept])
  }

  @Test func searchFindsMatchingWords() throws {
    _ = try add("What does an actor guarantee?", answer: "Serial access", tags: ["concurrency"])
    let other = try add("What is an Optional?", answer: "A value or nothing")
    let found = try questions(["search", "optional", "VALUE"])
    #expect(found.status == 0)
    #expect(found.standardOutput.hasPrefix(String(other.prefix(8))))
    #expect(found.standardOutput.split(separator: "\n").count == 1)
    let missed = try questions(["search", "zebra"])
    #expect(missed.status == 0)
    #expect(missed.standardError.lowercased().contains("no questions match"))
  }

  @Test func usageErrorExits64WithUsageLine() throws {
    let result = try questions(["add", "No answer?"])
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.hasPrefix("questions: error: "))
    #expect(result.standardError.contains("Usage: questions add <prompt> --answer <text>"))
    #expect(result.standardError.contains("questions help"))
    #expect(!FileManager.default.fileExists(atPath: storeFile.path))
  }

  @Test func corruptStoreExits1AndIsLeftUntouched() throws {
    let bytes = Data([0xFF, 0xFE, 0x7B, 0x00, 0x22])
    try bytes.write(to: storeFile)
    for arguments in [["list"], ["add", "Q?", "--answer", "A"], ["--json"]] {
      let result = try questions(arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.standardOutput.isEmpty)
      #expect(result.standardError.hasPrefix("questions: error: "))
      #expect(result.standardError.contains(storeFile.path))
    }
    #expect(try Data(contentsOf: storeFile) == bytes)
  }

  @Test func helpPrintsTheUsualSections() throws {
    let result = try run(["--help"])
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    var rest = Substring(result.standardOutput)
    for header in ["OVERVIEW:", "\nUSAGE:", "\nOPTIONS:", "\nSUBCOMMANDS:"] {
      let range = try #require(rest.range(of: header), "missing \(header)")
      rest = rest[range.upperBound...]
    }
    let add = try run(["add", "-h"])
    #expect(add.status == 0)
    #expect(add.standardOutput.contains("USAGE: questions add <prompt> --answer <text>"))
    #expect(add.standardOutput.contains("\nARGUMENTS:\n"))
  }

  @Test func emptyStoreShowsAHint() throws {
    let result = try questions([])
    #expect(result.status == 0)
    #expect(result.standardError.contains("questions add \""))
    #expect(result.standardError.contains("--answer"))
    #expect(try questions(["--json"]).standardOutput == "[]\n")
  }

  @Test func environmentVariableChoosesTheFolder() throws {
    let chosen = folder.appending("from-env")
    let added = try run(
      ["add", "Where?", "--answer", "env"], environment: ["QUESTIONS_DATA_DIR": chosen.path])
    #expect(added.status == 0)
    #expect(
      FileManager.default.fileExists(atPath: chosen.appendingPathComponent("questions.json").path))
    let listed = try questions([])
    #expect(listed.standardError.contains("questions add"))
    let fromEnv = try run(["list"], environment: ["QUESTIONS_DATA_DIR": chosen.path])
    #expect(fromEnv.standardOutput.contains("Where?"))
  }

  @Test func pipedOutputHasNoColour() throws {
    _ = try add("Plain?", answer: "yes")
    let result = try run(
      ["--data-dir", folder.url.path], environment: ["TERM": "xterm-256color"])
    #expect(!result.standardOutput.contains("\u{1B}"))
  }
}

// The built `questions` binary run as a child process, each test on its own store folder.

import CommandLineKit
import Foundation
import LocalStoreTestSupport
import Models
import Testing

@Suite struct EndToEndTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "AppEndToEnd")
  }

  /// The store file inside the test's folder.
  var storeFile: URL { folder.appending("questions.json") }

  /// Runs the binary with `--data-dir` pointing at the test's folder.
  func questions(_ arguments: [String]) async throws -> ChildProcessResult {
    try await run(["--data-dir", folder.url.path] + arguments)
  }

  /// Runs the binary with no `QUESTIONS_DATA_DIR` and a private `XDG_DATA_HOME` unless given.
  func run(
    _ arguments: [String], environment: [String: String?] = [:]
  ) async throws
    -> ChildProcessResult
  {
    var merged: [String: String?] = [
      "QUESTIONS_DATA_DIR": nil, "NO_COLOR": nil,
      "XDG_DATA_HOME": folder.appending("xdg").path,
    ]
    merged.merge(environment) { $1 }
    return try await ChildProcess.run(
      BuiltProducts.executable("questions"), arguments, environment: merged)
  }

  /// Adds a question and returns the id the binary printed.
  func add(_ prompt: String, answer: String, tags: [String] = []) async throws -> String {
    let result = try await questions(
      ["add", prompt, "--answer", answer] + tags.flatMap { ["--tag", $0] })
    try #require(result.status == 0, "\(result.standardError)")
    let id = result.standardOutput.trimmingCharacters(in: .newlines)
    try #require(UUID(uuidString: id) != nil)
    #expect(result.standardOutput == id + "\n")
    return id
  }

  @Test func addThenListAsJSON() async throws {
    let first = try await add(
      "What does an actor guarantee?", answer: "Serial access", tags: ["actors"])
    let second = try await add("What is Sendable?", answer: "Safe to share")
    let result = try await questions(["list", "--json"])
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

  @Test func showByPrefixPrintsEveryField() async throws {
    let id = try await add("What is an Optional?", answer: "A value or nothing", tags: ["basics"])
    let result = try await questions(["show", String(id.prefix(8)).lowercased()])
    #expect(result.status == 0)
    for field in [id, "What is an Optional?", "A value or nothing", "basics"] {
      #expect(result.standardOutput.contains(field))
    }
    #expect(result.standardOutput.contains(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/))
  }

  @Test func deleteRemovesFromTheFile() async throws {
    let kept = try await add("Kept?", answer: "yes")
    let removed = try await add("Removed?", answer: "yes")
    let result = try await questions(["delete", removed])
    #expect(result.status == 0)
    #expect(result.standardError == "Deleted \(removed)\n")
    let stored = try await JSONDecoder().decode(
      [Question].self, from: Data(try questions(["--json"]).standardOutput.utf8))
    #expect(stored.map(\.id.uuidString) == [kept])
  }

  @Test func searchFindsMatchingWords() async throws {
    _ = try await add(
      "What does an actor guarantee?", answer: "Serial access", tags: ["concurrency"])
    let other = try await add("What is an Optional?", answer: "A value or nothing")
    let found = try await questions(["search", "optional", "VALUE"])
    #expect(found.status == 0)
    #expect(found.standardOutput.hasPrefix(String(other.prefix(8))))
    #expect(found.standardOutput.split(separator: "\n").count == 1)
    let missed = try await questions(["search", "zebra"])
    #expect(missed.status == 0)
    #expect(missed.standardError.lowercased().contains("no questions match"))
  }

  @Test func usageErrorExits64WithUsageLine() async throws {
    let result = try await questions(["add", "No answer?"])
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.hasPrefix("questions: error: "))
    #expect(result.standardError.contains("Usage: questions add <prompt> --answer <text>"))
    #expect(result.standardError.contains("questions help"))
    #expect(!FileManager.default.fileExists(atPath: storeFile.path))
  }

  @Test func corruptStoreExits1AndIsLeftUntouched() async throws {
    let bytes = Data([0xFF, 0xFE, 0x7B, 0x00, 0x22])
    try bytes.write(to: storeFile)
    for arguments in [["list"], ["add", "Q?", "--answer", "A"], ["--json"]] {
      let result = try await questions(arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.standardOutput.isEmpty)
      #expect(result.standardError.hasPrefix("questions: error: "))
      #expect(result.standardError.contains(storeFile.path))
    }
    #expect(try Data(contentsOf: storeFile) == bytes)
  }

  @Test func helpPrintsTheUsualSections() async throws {
    let result = try await run(["--help"])
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    var rest = Substring(result.standardOutput)
    for header in ["OVERVIEW:", "\nUSAGE:", "\nOPTIONS:", "\nSUBCOMMANDS:"] {
      let range = try #require(rest.range(of: header), "missing \(header)")
      rest = rest[range.upperBound...]
    }
    let add = try await run(["add", "-h"])
    #expect(add.status == 0)
    #expect(add.standardOutput.contains("USAGE: questions add <prompt> --answer <text>"))
    #expect(add.standardOutput.contains("\nARGUMENTS:\n"))
  }

  @Test func emptyStoreShowsAHint() async throws {
    let result = try await questions([])
    #expect(result.status == 0)
    #expect(result.standardError.contains("questions add \""))
    #expect(result.standardError.contains("--answer"))
    #expect(try await questions(["--json"]).standardOutput == "[]\n")
  }

  @Test func environmentVariableChoosesTheFolder() async throws {
    let chosen = folder.appending("from-env")
    let added = try await run(
      ["add", "Where?", "--answer", "env"], environment: ["QUESTIONS_DATA_DIR": chosen.path])
    #expect(added.status == 0)
    #expect(
      FileManager.default.fileExists(atPath: chosen.appendingPathComponent("questions.json").path))
    let listed = try await questions([])
    #expect(listed.standardError.contains("questions add"))
    let fromEnv = try await run(["list"], environment: ["QUESTIONS_DATA_DIR": chosen.path])
    #expect(fromEnv.standardOutput.contains("Where?"))
  }

  @Test func pipedOutputHasNoColour() async throws {
    _ = try await add("Plain?", answer: "yes")
    let result = try await run(
      ["--data-dir", folder.url.path], environment: ["TERM": "xterm-256color"])
    #expect(!result.standardOutput.contains("\u{1B}"))
  }
}

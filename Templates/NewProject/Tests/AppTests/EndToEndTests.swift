// The built `__EXECUTABLE__` run as a child process: arguments in, output and exit status out.

import Foundation
import LocalStoreTestSupport
import Testing

@Suite struct EndToEndTests {
  private let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "__NAME__EndToEnd")
  }

  /// Runs `__EXECUTABLE__` on the test's data folder, given by `--data-dir` unless `environment`
  /// names the folder instead.
  private func run(
    _ arguments: [String], environment: [String: String?] = [:], usesOption: Bool = true
  ) async throws -> ChildProcessResult {
    try await ChildProcess.run(
      BuiltProducts.executable("__EXECUTABLE__"),
      (usesOption ? ["--data-dir", folder.url.path] : []) + arguments,
      environment: ["__ENV_PREFIX___DATA_DIR": nil].merging(environment) { $1 })
  }

  @Test func theEnvironmentVariableNamesTheFolder() async throws {
    let environment = ["__ENV_PREFIX___DATA_DIR": folder.url.path]
    #expect(
      try await run(["add", "From the environment"], environment: environment, usesOption: false)
        .status
        == 0)
    #expect(try await run(["list"]).standardOutput.contains("From the environment"))
  }

  @Test(
    arguments: [
      ["frobnicate"], ["add"], ["add", "   "], ["list", "--bogus"], ["show"], ["show", "xyz"],
      ["delete", "12"], ["list", "extra"], ["show", "--notes", "n", "abcd"], ["--jsn"],
      ["edit", "abcd"], ["search"],
    ])
  func aWrongCommandLineExitsWith64(arguments: [String]) async throws {
    let result = try await run(arguments)
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.hasPrefix("__EXECUTABLE__: error: "))
  }

  @Test func anUnknownIDOrAnUnreadableStoreExitsWith1() async throws {
    let missing = try await run(["show", "abcdef12"])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("No __model__ has an id starting with"))
    let garbage = Data("not a store, not json, not a database".utf8)
    try garbage.write(to: folder.appending("__STORE__"))
    let corrupt = try await run(["list"])
    #expect(corrupt.status == 1)
    #expect(corrupt.standardError.contains("__STORE__"))
    #expect(try Data(contentsOf: folder.appending("__STORE__")) == garbage)
  }

  @Test func aFailedWriteToStandardOutputExitsWith1() async throws {
    #expect(try await run(["add", "Pancakes"]).status == 0)
    let binary = BuiltProducts.executable("__EXECUTABLE__").path
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "\"$0\" --data-dir \"$1\" list --json > /dev/full", binary, folder.url.path],
      environment: ["__ENV_PREFIX___DATA_DIR": nil])
    #expect(result.status == 1)
    #expect(result.standardError.contains("No space left on device"))
  }

  /// With standard output closed, the store's files must not take its descriptor (the output
  /// would land in them), and the lost output is an error, as `ls >&-` makes it.
  @Test func aClosedStandardOutputIsAnErrorAndNeverReachesTheStore() async throws {
    let binary = BuiltProducts.executable("__EXECUTABLE__").path
    for command in ["add Closed", "list", "list --json"] {
      let result = try await ChildProcess.run(
        URL(fileURLWithPath: "/bin/sh"),
        ["-c", "\"$0\" --data-dir \"$1\" \(command) >&-", binary, folder.url.path],
        environment: ["__ENV_PREFIX___DATA_DIR": nil])
      #expect(result.status == 1, "\(command): \(result.standardError)")
      #expect(result.standardError.contains("Bad file descriptor"), "\(result.standardError)")
    }
    // Output written into a journal or snapshot would make the store unreadable.
    let listed = try await run(["list"])
    #expect(listed.status == 0, "\(listed.standardError)")
    #expect(listed.standardOutput.components(separatedBy: "Closed").count == 2)
  }
  // store: journal

  /// A journal whose end a power cut tore (zeros where the earlier part of an append was lost,
  /// then its later part) opens without that tail, keeps it beside the journal, and says so.
  @Test func aTornJournalTailOpensWithAWarningNamingItsCopy() async throws {
    for title in ["First", "Second"] { #expect(try await run(["add", title]).status == 0) }
    let journal = folder.appending("__STORE__.journal")
    var bytes = try Data(contentsOf: journal)
    let end = (bytes.lastIndex { $0 != 0 } ?? -1) + 1
    let tail = Data(count: 40) + Data(#"{"version":1,"save":[]}"#.utf8) + Data([0x0A])
    bytes.replaceSubrange(end..<(end + tail.count), with: tail)
    try bytes.write(to: journal)

    let listed = try await run(["list"])
    #expect(listed.status == 0, "\(listed.standardError)")
    #expect(listed.standardOutput.contains("Second"))
    #expect(listed.standardError.hasPrefix("__EXECUTABLE__: warning: "), "\(listed.standardError)")
    let copies = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
      .filter { $0.hasPrefix("__STORE__.journal.torn-") }
    try #require(copies.count == 1, "\(copies)")
    #expect(listed.standardError.contains(copies[0]), "\(listed.standardError)")
    #expect(try await run(["add", "Third"]).status == 0)  // Cuts the tail off.
    #expect(try await run(["list"]).standardError.isEmpty)
  }
  // store: end

  /// `CommandLine.arguments` would turn the byte 0xFF into U+FFFD and write to a folder of
  /// another name; the raw bytes are refused instead, and nothing is created.
  @Test func anArgumentThatIsNotUTF8IsAUsageErrorAndWritesNothing() async throws {
    let binary = BuiltProducts.executable("__EXECUTABLE__").path
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "\"$0\" --data-dir \"$1/data$(printf '\\377')\" add x", binary, folder.url.path],
      environment: ["__ENV_PREFIX___DATA_DIR": nil])
    #expect(result.status == 64, "\(result.standardError)")
    #expect(result.standardError.contains("UTF-8"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
  }

  @Test func helpPrintsTheCommandsAndExitsWith0() async throws {
    for arguments in [["help"], ["--help"]] {
      let result = try await run(arguments)
      #expect(result.status == 0)
      // fields: tests-help-usage
      #expect(result.standardOutput.contains("add <title> [--notes <text>] [--tag <tag>]..."))
      // fields: end
      #expect(result.standardOutput.contains("--version"))
      #expect(result.standardOutput.contains("__ENV_PREFIX___DATA_DIR"))
    }
  }

  @Test func aMistypedCommandOrOptionGetsTheNearestOne() async throws {
    let command = try await run(["lsit"])
    #expect(command.status == 64)
    #expect(command.standardError.contains("did you mean 'list'?"))
    // fields: tests-option-typo
    let option = try await run(["add", "Soup", "--ntoes", "salt"])
    #expect(option.status == 64)
    #expect(option.standardError.contains("did you mean '--notes'?"))
    // fields: end
    #expect(try await run(["--jsn"]).standardError.contains("did you mean '--json'?"))
  }

  @Test func versionPrintsTheVersionAndExitsWith0() async throws {
    let result = try await run(["--version"])
    #expect(result.status == 0)
    #expect(result.standardOutput == "__EXECUTABLE__ 0.1.0\n")
  }

  @Test func withoutATerminalNoCommandMeansList() async throws {
    _ = try await run(["add", "Plain"])
    let result = try await run([])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("Plain"))
    #expect(!result.standardOutput.contains("\u{1B}["))
  }
}

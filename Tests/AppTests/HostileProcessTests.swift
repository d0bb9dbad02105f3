// The real process with its standard streams closed, or an environment that is not UTF-8.

import Foundation
import LocalStoreTestSupport
import Models
import Testing

@Suite struct HostileProcessTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "AppHostileProcess")
  }

  /// Runs `questions` through `sh -c` with `shell` put before the binary's command line, such
  /// as a variable assignment, and `redirection` after it, such as `>&-`.
  func questions(
    _ arguments: String, shell: String = "", redirection: String = ""
  ) async throws -> ChildProcessResult {
    let binary = BuiltProducts.executable("questions").path
    return try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "cd \"$1\" && \(shell) \"$0\" \(arguments) \(redirection)", binary, folder.url.path],
      environment: ["QUESTIONS_DATA_DIR": nil, "XDG_DATA_HOME": nil, "NO_COLOR": "1"])
  }

  nonisolated static let closings = ["<&-", ">&-", "2>&-", "<&- >&- 2>&-"]

  @Test(arguments: closings)
  func aClosedStandardStreamNeverBecomesAStoreFile(closing: String) async throws {
    let data = "--data-dir data"
    for command in [
      "add 'Closed?' --answer yes", "list", "--json list", "sample", "export out.json",
      "import out.json", "repair", "stats",
    ] {
      let result = try await questions("\(data) \(command)", redirection: closing)
      #expect(!result.wasSignalled, "\(command) \(closing): \(result.standardError)")
    }
    let listed = try await questions("\(data) --json list")
    try #require(listed.status == 0, "\(listed.standardError)")
    let stored = try JSONDecoder().decode([Question].self, from: Data(listed.standardOutput.utf8))
    #expect(stored.contains { $0.prompt == "Closed?" })
    // Nothing the program printed went into a file of the store.
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.appending("data").path)
    for file in files {
      let bytes = try Data(contentsOf: folder.appending("data/" + file))
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(!text.contains("Loaded") && !text.contains("questions:"), "\(file): \(text)")
    }
  }

  /// Commands that print to standard output on success: with it closed, the output is lost.
  /// `ID` stands for the id of the question the test adds first.
  nonisolated static let printing = [
    "add 'Printed?' --answer yes", "list", "--json list", "export -", "show ID",
  ]

  /// A command whose output cannot be written fails, as `ls >&-` does: the descriptor kept
  /// taken so that no store file becomes standard output must not swallow what is printed.
  @Test(arguments: printing)
  func aClosedStandardOutputIsReportedNotIgnored(command: String) async throws {
    let data = "--data-dir data"
    let added = try await questions("\(data) add 'Printed?' --answer yes")
    try #require(added.status == 0, "\(added.standardError)")
    let id = added.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    let result = try await questions(
      "\(data) \(command.replacingOccurrences(of: "ID", with: id))", redirection: ">&-")
    #expect(result.status == 1, "\(command): \(result.standardError)")
    #expect(
      result.standardError.contains("Cannot write to standard output: Bad file descriptor"),
      "\(command): \(result.standardError)")
  }

  /// With standard error closed nothing can be reported, but the status still says so.
  @Test func aClosedStandardErrorStillEndsWithFailure() async throws {
    // An empty store's `list` says so on standard error.
    let result = try await questions("--data-dir data list", redirection: "2>&-")
    #expect(result.status == 1, "\(result.standardOutput)")
    let quiet = try await questions("--data-dir data --json list", redirection: "2>&-")
    #expect(quiet.status == 0, "nothing was written to standard error: \(quiet.standardOutput)")
  }

  nonisolated static let variables = ["QUESTIONS_DATA_DIR", "XDG_DATA_HOME", "HOME"]

  @Test(arguments: variables)
  func aDataFolderVariableThatIsNotUTF8IsRefused(variable: String) async throws {
    // Absolute, inside the test's folder: XDG_DATA_HOME and HOME count only when absolute.
    var shell = "\(variable)=\"$PWD/$(printf 'dir\\377')\""
    if variable == "HOME" { shell += " XDG_DATA_HOME=" }
    let result = try await questions("add 'Q?' --answer A", shell: shell)
    #expect(result.status == 64, "\(result.standardError)")
    #expect(result.standardError.contains(variable), "\(result.standardError)")
    #expect(result.standardError.contains("UTF-8"), "\(result.standardError)")
    let created = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(created.isEmpty, "\(created)")
  }

  @Test func aVariableThatIsNotUsedMayHoldAnyBytes() async throws {
    let result = try await questions(
      "--data-dir data add 'Q?' --answer A", shell: "XDG_DATA_HOME=\"$PWD/$(printf 'dir\\377')\"")
    #expect(result.status == 0, "\(result.standardError)")
  }
}

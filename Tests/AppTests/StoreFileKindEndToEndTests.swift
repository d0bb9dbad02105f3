// The real binary facing a link or a FIFO at any file of either store: a clear error, at once.

import Foundation
import LocalStoreTestSupport
import Testing

@Suite struct StoreFileKindEndToEndTests {
  /// Every file of both stores in the data folder.
  static let storeFiles = [
    "questions.json", "questions.json.journal", "questions.json.lock",
    "sessions.json", "sessions.json.journal", "sessions.json.lock",
  ]
  /// Commands that read, write, or repair.
  static let commands = [["list"], ["add", "x", "--answer", "y"], ["repair"], ["stats"]]

  /// Runs the binary on `folder`, killed after 20 seconds so that a hang fails the test.
  func questions(
    _ folder: TemporaryDirectory, _ arguments: [String]
  ) async throws -> ChildProcessResult {
    try await ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/timeout"),
      ["20", BuiltProducts.executable("questions").path, "--data-dir", folder.url.path]
        + arguments,
      environment: ["QUESTIONS_DATA_DIR": nil, "NO_COLOR": nil])
  }

  @Test(arguments: storeFiles)
  func aDanglingLinkAtAStoreFileIsRefusedAndNothingIsCreatedThroughIt(file: String) async throws {
    let folder = try TemporaryDirectory(prefix: "AppLinks")
    let outside = try TemporaryDirectory(prefix: "AppLinksOutside")
    try FileManager.default.createSymbolicLink(
      at: folder.appending(file), withDestinationURL: outside.appending("nowhere"))
    let store = file.hasPrefix("questions") ? "questions.json" : "sessions.json"
    for command in Self.commands {
      let result = try await questions(folder, command)
      // `list` and `add` never open sessions.json; `stats` never opens questions.json.
      let opens =
        store == "questions.json" ? command != ["stats"] : command == ["stats"]
      guard opens else { continue }
      #expect(result.status == 1, "\(command) on \(file): \(result.standardError)")
      #expect(result.standardError.contains("\(file) is a symbolic link"), "\(command)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: outside.url.path).isEmpty)
    }
  }

  @Test(arguments: storeFiles)
  func aFIFOAtAStoreFileIsRefusedAtOnceByEveryCommand(file: String) async throws {
    let folder = try TemporaryDirectory(prefix: "AppFIFO")
    try #require(mkfifo(folder.appending(file).path, 0o600) == 0)
    let store = file.hasPrefix("questions") ? "questions.json" : "sessions.json"
    for command in Self.commands {
      let opens = store == "questions.json" ? command != ["stats"] : command == ["stats"]
      guard opens else { continue }
      let result = try await questions(folder, command)
      #expect(result.status == 1, "\(command) on \(file): \(result.standardError)")
      #expect(result.standardError.contains("\(file) is a FIFO"), "\(command)")
    }
  }
}

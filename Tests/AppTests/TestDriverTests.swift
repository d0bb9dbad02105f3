// `make test` prints one line per stage and keeps the full output in a file.

import Foundation
import LocalStoreTestSupport
import Testing

/// Runs scripts/test, the driver behind `make test`, on stages of its own.
@Suite struct TestDriverTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  func drive(
    _ stages: [String], logs: TemporaryDirectory, progressEvery seconds: Int = 30
  ) async throws -> ChildProcessResult {
    try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/bash"), [Self.root.appendingPathComponent("scripts/test").path],
      environment: [
        "TEST_STAGES": stages.joined(separator: "\n"), "TEST_LOGS": logs.url.path,
        "PROGRESS_SECONDS": String(seconds),
      ])
  }

  /// A long stage is not silent: the driver prints where it got, with its last line.
  @Test func aLongStageShowsItsProgress() async throws {
    let logs = try TemporaryDirectory(prefix: "TestDriver")
    let result = try await drive(
      ["build|echo '[12/345] Compiling App Runner.swift'; sleep 3; echo done"], logs: logs,
      progressEvery: 1)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n")
    let progress = lines.filter { $0.hasPrefix("build") && $0.contains("…") }
    #expect(!progress.isEmpty, "\(result.standardOutput)")
    #expect(progress.contains { $0.contains("[12/345] Compiling App Runner.swift") })
    #expect(lines.contains { $0.hasPrefix("build") && $0.contains("ok") })
  }

  /// The progress line is cut to 60 bytes: never in the middle of a character, and without
  /// the escape sequences a terminal test prints into its log.
  @Test func aProgressLineIsValidTextWithoutEscapes() async throws {
    let logs = try TemporaryDirectory(prefix: "TestDriver")
    // 59 bytes, then check marks of three bytes each: a byte cut falls inside the first.
    let line = String(repeating: "a", count: 59) + String(repeating: "\u{2714}", count: 4)
    let result = try await drive(
      ["tests|printf '\\033[31m%s\\n' '\(line)'; sleep 3"], logs: logs, progressEvery: 1)
    #expect(result.status == 0, "\(result.standardError)")
    let progress = result.standardOutput.split(separator: "\n").filter { $0.contains("…") }
    try #require(!progress.isEmpty, "\(result.standardOutput)")
    for shown in progress {
      #expect(!shown.contains("\u{FFFD}"), "a character cut in two: \(shown)")
      #expect(!shown.contains("\u{1B}"), "an escape sequence: \(shown)")
      #expect(shown.hasSuffix(String(repeating: "a", count: 55)), "\(shown)")
    }
  }

  @Test func eachStageIsOneLineWithItsTimeAndTheTestCount() async throws {
    let logs = try TemporaryDirectory(prefix: "TestDriver")
    let chatty = "for i in $(seq 500); do echo line $i; done"
    let result = try await drive(
      ["build|\(chatty)", "tests|\(chatty); echo 'Test run with 1234 tests in 56 suites passed'"],
      logs: logs)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n")
    try #require(lines.count == 3, "\(result.standardOutput)")
    #expect(lines[0].hasPrefix("build") && lines[0].contains(" s"))
    #expect(lines[1].hasPrefix("tests") && lines[1].hasSuffix("1234 tests"))
    let all = try String(contentsOf: logs.appending("all.log"), encoding: .utf8)
    #expect(all.contains("line 500"))
  }

  @Test func aFailingStageStopsTheRunWithTheEndOfItsLog() async throws {
    let logs = try TemporaryDirectory(prefix: "TestDriver")
    let result = try await drive(
      [
        "first|echo fine", "second|seq 100; echo 'the reason it failed'; exit 3",
        "third|echo never",
      ],
      logs: logs)
    #expect(result.status == 1)
    #expect(result.standardOutput.contains("the reason it failed"))
    #expect(!result.standardOutput.contains("\n1\n"))  // Only the end of the log.
    #expect(!result.standardOutput.contains("third"))
    #expect(result.standardError.contains("second.log"))
  }
}

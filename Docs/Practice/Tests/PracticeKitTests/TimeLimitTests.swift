// Checks that a test run that hangs is stopped at its time limit, test process and all.

import Foundation
import Testing

@testable import PracticeKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@MainActor @Suite struct TimeLimitTests {
  /// A stand-in for `swift test` that starts its "test process" in a process group of its own,
  /// as `swift test` does, and that never ends: the run must stop both, and say why.
  @Test func aRunThatHangsIsStoppedAndBlamesABlockingFix() async throws {
    let pidFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("practice-hang-\(UUID().uuidString).pid")
    defer { try? FileManager.default.removeItem(at: pidFile) }
    let forever = "while :; do sleep 1; done"
    let fixture = try PracticeFixture(
      testScript: """
        perl -e 'setpgrp(0, 0); exec @ARGV' sh -c '\(forever)' & echo $! > '\(pidFile.path)'
        \(forever)
        """)
    defer { fixture.remove() }
    let output = Output()
    let tool = fixture.tool(output, testTimeLimit: .seconds(3))
    let run = Task { await tool.main(["run", "4"]) }
    let testProcess = try await readPID(pidFile)
    defer { kill(testProcess, SIGKILL) }  // Only matters when the test fails.
    // Far past the 3 s limit: a run still going by then was never going to stop.
    guard await ended(testProcess, within: .seconds(60)) else {
      Issue.record(
        "the test process (pid \(testProcess), in a process group of its own) outlived the limit")
      kill(testProcess, SIGKILL)
      _ = await run.value
      return
    }
    #expect(await run.value == 1, "a run that hangs must fail")
    #expect(
      output.lines.contains { $0.contains("did not finish within 3 s") },
      "the verdict does not say the tests were stopped: \(output.lines)")
    #expect(output.lines.contains { $0.contains("probably blocks") })
  }

  /// The process ID the stand-in writes into `file`, once it is there.
  func readPID(_ file: URL) async throws -> Int32 {
    for _ in 0..<600 {
      let text = try? String(contentsOf: file, encoding: .utf8)
      if let pid = text.flatMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
        return pid
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw CocoaError(.fileNoSuchFile)
  }

  /// Whether `pid` is gone (or a zombie nobody reaps) within `limit`.
  func ended(_ pid: Int32, within limit: Duration) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      let state = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
      if kill(pid, 0) != 0 || state?.contains(") Z ") == true { return true }
      try? await Task.sleep(for: .milliseconds(50))
    }
    return false
  }
}

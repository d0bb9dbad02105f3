// A width from COLUMNS or the terminal is clamped, so no size crashes, traps or spins.

import Foundation
import Models
import Testing

@testable import App

@MainActor
@Suite(.timeLimit(.minutes(1))) struct TerminalSizeClampTests {
  nonisolated static let hugeWidths = [
    "99999999999", "9223372036854775807", "2147483648", "65536", "-5", "1e9", " 90",
  ]

  @Test(arguments: hugeWidths)
  func columnsFromTheEnvironmentStayWithinBounds(columns: String) {
    let width = OutputWidth.resolve(
      environment: ["COLUMNS": columns], standardOutputIsTerminal: false)
    #expect((OutputWidth.minimum...OutputWidth.maximum).contains(width), "\(width)")
  }

  @Test func aTerminalReportingAHugeWidthIsClampedToo() {
    let width = OutputWidth.resolve(
      environment: [:], standardOutputIsTerminal: true, terminalColumns: { 65_535 })
    #expect(width == OutputWidth.maximum)
  }

  @Test(arguments: hugeWidths)
  func statsDrawsItsChartsWhateverColumnsSays(columns: String) async {
    let session = StudySession(
      startedAt: Date(timeIntervalSince1970: 1_700_000_000),
      finishedAt: Date(timeIntervalSince1970: 1_700_000_060),
      answers: [StudyAnswer(questionID: UUID(), tags: ["actors"], knewIt: true)])
    let harness = RunnerHarness(sessions: [session])
    harness.environment["COLUMNS"] = columns
    let result = await harness.run(["stats"])
    #expect(result.status == 0, "\(result.errors)")
    let longest = result.output.split(separator: "\n").map(\.count).max() ?? 0
    #expect(longest <= OutputWidth.maximum)
  }
}

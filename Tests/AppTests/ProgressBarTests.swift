// The progress bar: drawn in place on a terminal, one final line elsewhere, nothing for small runs.

import Models
import Testing

@testable import App

@MainActor
@Suite struct ProgressBarTests {
  /// A bar that appends everything it writes to `output`.
  final class Output {
    var text = ""
  }

  func run(rows: Int, isTerminal: Bool) -> String {
    let output = Output()
    let bar = ProgressBar(label: "Reading x.csv", isTerminal: isTerminal) { output.text += $0 }
    for done in stride(from: 1_000, through: rows, by: 1_000) {
      bar.update(InterchangeProgress(rows: done, fraction: Double(done) / Double(rows)))
    }
    bar.finish("Read \(rows) rows from x.csv.")
    return output.text
  }

  @Test func onATerminalTheBarIsRedrawnInPlaceThenReplacedByTheFinalLine() {
    let text = run(rows: 10_000, isTerminal: true)
    let frames = text.split(separator: "\r", omittingEmptySubsequences: true)
    #expect(frames.first == "Reading x.csv [#######.................] 30%  3000 rows")
    #expect(frames.contains("Reading x.csv [########################] 100%  10000 rows"))
    #expect(text.hasSuffix("\r\u{1B}[KRead 10000 rows from x.csv.\n"))
    #expect(!text.dropLast().contains("\n"))
  }

  @Test func elsewhereOnlyTheFinalLineIsWritten() {
    #expect(run(rows: 10_000, isTerminal: false) == "Read 10000 rows from x.csv.\n")
  }

  @Test(arguments: [true, false])
  func smallRunsShowNothing(isTerminal: Bool) {
    #expect(run(rows: ProgressBar.threshold, isTerminal: isTerminal).isEmpty)
  }

  @Test func theBarIsDrawnOncePerPercent() {
    let output = Output()
    let bar = ProgressBar(label: "x", isTerminal: true) { output.text += $0 }
    for done in 2_001...2_100 {
      bar.update(InterchangeProgress(rows: done, fraction: 0.5))
    }
    #expect(output.text.count { $0 == "\r" } == 1)
  }

  @Test func aStatusReplacesTheBarAndIsCleared() {
    let output = Output()
    let bar = ProgressBar(label: "x", isTerminal: true) { output.text += $0 }
    bar.update(InterchangeProgress(rows: 5_000, fraction: 1))
    bar.showStatus("Saving 5000 questions...")
    bar.clear()
    #expect(output.text.hasSuffix("\r\u{1B}[KSaving 5000 questions...\r\u{1B}[K"))
  }
}

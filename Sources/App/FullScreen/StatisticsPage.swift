// Draws the study statistics as text bar charts: sessions over time and accuracy per tag.

import Models
import TerminalUI
import ViewModels

/// The same charts as `questions stats`, fitted to the terminal.
enum StatisticsPage {
  /// Draws the statistics, or a hint when no quiz has been finished yet.
  static func draw(_ viewModel: StatisticsViewModel, into frame: inout Frame) {
    let statistics = viewModel.statistics
    guard statistics.sessionCount > 0 else {
      frame.write("No quizzes finished yet.", row: 2, column: 2, style: .bold)
      frame.write("Press Esc, then s to start one.", row: 3, column: 2)
      return
    }
    let text = StatisticsChart.text(
      statistics, timeZone: viewModel.timeZone, width: frame.columns - 4)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (row, line) in zip(2..<(frame.rows - 2), lines) {
      let isHeading = line.hasSuffix(":")
      frame.write(line, row: row, column: 2, style: isHeading ? .dim : .plain)
    }
  }
}

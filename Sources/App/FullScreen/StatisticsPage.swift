// Draws the study statistics as text bar charts: sessions over time and accuracy per tag.

import Models
import TerminalUI
import ViewModels

/// The same charts as `questions stats`, fitted to the terminal.
enum StatisticsPage {
  /// The lines of the charts for a frame `columns` wide.
  static func lines(_ viewModel: StatisticsViewModel, columns: Int) -> [Substring] {
    guard viewModel.statistics.sessionCount > 0 else { return [] }
    let text = StatisticsChart.text(
      viewModel.statistics, timeZone: viewModel.timeZone, width: columns - 4)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// The rows the charts have on a frame of `size`: all but the title, a blank row, the
  /// status and the hints.
  static func visibleRows(in size: TerminalSize) -> Int { max(size.rows - 4, 1) }

  /// `scrollOffset` clamped so that the last page of charts fills the rows.
  static func firstLine(
    scrollOffset: Int, _ viewModel: StatisticsViewModel, size: TerminalSize
  ) -> Int {
    let count = lines(viewModel, columns: size.columns).count
    return min(max(scrollOffset, 0), max(count - visibleRows(in: size), 0))
  }

  /// Draws the statistics from line `scrollOffset` on, or a hint when no quiz has been
  /// finished yet.
  static func draw(
    _ viewModel: StatisticsViewModel, scrollOffset: Int = 0, into frame: inout Frame
  ) {
    let statistics = viewModel.statistics
    guard statistics.sessionCount > 0 else {
      frame.write("No quizzes finished yet.", row: 2, column: 2, style: .bold)
      frame.write("Press Esc, then s to start one.", row: 3, column: 2)
      return
    }
    let lines = lines(viewModel, columns: frame.columns).dropFirst(scrollOffset)
    for (row, line) in zip(2..<(frame.rows - 2), lines) {
      let isHeading = line.hasSuffix(":")
      frame.write(line, row: row, column: 2, style: isHeading ? .dim : .plain)
    }
  }
}

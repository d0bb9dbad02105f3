// Draws the tag filter: every tag with its number of questions.

import FlowKit
import TerminalUI
import ViewModels

/// The list of tags to filter the questions by, with "All questions" first.
enum TagsPage {
  /// Draws the entries, scrolled so the selected one shows.
  static func draw(_ state: FullScreenState, into frame: inout Frame) {
    let entries =
      [("All questions", state.list.totalCount)]
      + state.list.tags.map { ("#" + $0.name, $0.count) }
    let rows = frame.rows - 3
    let top = max(0, min(state.tagSelection - rows + 1, entries.count - rows))
    for (row, index) in zip(1..., top..<min(top + rows, entries.count)) {
      let (name, count) = entries[index]
      let isSelected = index == state.tagSelection
      let countText = "\(count)"
      let countWidth = DisplayWidth.of(countText)
      frame.write(
        name, row: row, column: 2,
        width: frame.columns - countWidth - 5)
      frame.write(
        countText, row: row, column: frame.columns - countWidth - 2,
        style: .dim)
      if isSelected { frame.paint(row: row, style: .reversed) }
    }
  }
}

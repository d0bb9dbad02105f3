// Draws every key of every page, from the key table.

import Foundation
import TerminalUI

/// The keys of the main pages, in columns that fit the width, scrolled when they do not fit.
enum HelpPage {
  /// The pages whose keys are listed, with a heading for each.
  static let sections: [(heading: String, page: Page)] = [
    ("List", .list), ("Search", .search), ("Form", .editor), ("Quiz", .quiz), ("Tags", .tags),
  ]

  /// The width of one column of keys.
  static let columnWidth = 26

  /// One line per binding under each page's heading.
  static let lines: [(text: String, isHeading: Bool)] = {
    var lines: [(text: String, isHeading: Bool)] = []
    for (heading, page) in sections {
      if !lines.isEmpty { lines.append(("", false)) }
      lines.append((heading, true))
      for binding in KeyTable.bindings(for: page) {
        let label = binding.label.padding(toLength: 7, withPad: " ", startingAt: 0)
        lines.append(("  " + label + binding.summary, false))
      }
    }
    let typing = [
      ("←/→", "move the cursor"), ("^A/^E", "start, end"), ("Del", "delete forward"),
      ("^U", "clear the field"),
    ]
    lines += [("", false), ("Typing", true)]
    lines += typing.map { label, summary in
      ("  " + label.padding(toLength: 7, withPad: " ", startingAt: 0) + summary, false)
    }
    return lines + [("", false), ("Ctrl-C quits anywhere.", false)]
  }()

  /// Whether the lines do not all fit on a terminal of `size`, so the page scrolls.
  static func needsScrolling(in size: TerminalSize) -> Bool {
    lines.count > max(size.rows - 3, 1) * max(size.columns / columnWidth, 1)
  }

  /// The first line shown at `scrollOffset` on a terminal of `size`: 0 when every line fits
  /// in the columns the width allows, otherwise the offset kept within the single column.
  static func firstLine(scrollOffset: Int, size: TerminalSize) -> Int {
    guard needsScrolling(in: size) else { return 0 }
    return min(max(scrollOffset, 0), lines.count - max(size.rows - 3, 1))
  }

  /// Draws the lines from ``firstLine(scrollOffset:size:)``, flowing into more columns when
  /// the terminal is wide enough to show them all.
  static func draw(scrollOffset: Int, into frame: inout Frame) {
    let size = TerminalSize(columns: frame.columns, rows: frame.rows)
    let rows = max(frame.rows - 3, 1)
    let first = firstLine(scrollOffset: scrollOffset, size: size)
    let shown = lines[first...]
    let columns = max(1, min(frame.columns / columnWidth, (shown.count + rows - 1) / rows))
    for (index, line) in shown.enumerated() {
      let column = index / rows
      guard column < columns else { break }
      frame.write(
        line.text, row: 1 + index % rows, column: 1 + column * columnWidth,
        style: line.isHeading ? .bold : .plain, width: columnWidth - 1)
    }
  }
}

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

  /// Whether the sections do not all fit, each kept in one column, on a terminal of `size`,
  /// so the page scrolls in a single column.
  static func needsScrolling(in size: TerminalSize) -> Bool {
    packed(rows: max(size.rows - 3, 1)).count > max(size.columns / columnWidth, 1)
  }

  /// The lines in columns of at most `rows` lines, each section (the lines between blank
  /// ones) whole in one column: a section starts a new column rather than being split, unless
  /// it is taller than a column by itself.
  static func packed(rows: Int) -> [[(text: String, isHeading: Bool)]] {
    var sections: [[(text: String, isHeading: Bool)]] = [[]]
    for line in lines {
      if line.text.isEmpty {
        sections.append([])
      } else {
        sections[sections.count - 1].append(line)
      }
    }
    var columns: [[(text: String, isHeading: Bool)]] = []
    var current: [(text: String, isHeading: Bool)] = []
    for section in sections where !section.isEmpty {
      let needed = current.isEmpty ? section.count : current.count + 1 + section.count
      if needed > rows, !current.isEmpty {
        columns.append(current)
        current = []
      }
      if !current.isEmpty { current.append(("", false)) }
      for line in section {
        if current.count == rows {
          columns.append(current)
          current = []
        }
        current.append(line)
      }
    }
    if !current.isEmpty { columns.append(current) }
    return columns
  }

  /// The first line shown at `scrollOffset` on a terminal of `size`: 0 when every line fits
  /// in the columns the width allows, otherwise the offset kept within the single column.
  static func firstLine(scrollOffset: Int, size: TerminalSize) -> Int {
    guard needsScrolling(in: size) else { return 0 }
    return min(max(scrollOffset, 0), lines.count - max(size.rows - 3, 1))
  }

  /// Draws every section, each whole in one column, when the terminal is large enough;
  /// otherwise the lines from ``firstLine(scrollOffset:size:)`` in one scrolled column.
  static func draw(scrollOffset: Int, into frame: inout Frame) {
    let size = TerminalSize(columns: frame.columns, rows: frame.rows)
    let rows = max(frame.rows - 3, 1)
    if !needsScrolling(in: size) {
      for (column, lines) in packed(rows: rows).enumerated() {
        for (row, line) in lines.enumerated() {
          frame.write(
            line.text, row: 1 + row, column: 1 + column * columnWidth,
            style: line.isHeading ? .bold : .plain, width: columnWidth - 1)
        }
      }
      return
    }
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

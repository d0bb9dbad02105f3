// Draws every key of every page, from the key table.

import Foundation

/// The keys of the main pages, in columns that fit the width.
enum HelpPage {
  /// The pages whose keys are listed, with a heading for each.
  static let sections: [(heading: String, page: Page)] = [
    ("List", .list), ("Search", .search), ("Form", .editor), ("Quiz", .quiz), ("Tags", .tags),
  ]

  /// Draws one line per binding under each page's heading, flowing into a second column
  /// when the terminal is wide enough.
  static func draw(into frame: inout Frame) {
    var lines: [(text: String, isHeading: Bool)] = []
    for (heading, page) in sections {
      if !lines.isEmpty { lines.append(("", false)) }
      lines.append((heading, true))
      for binding in KeyTable.bindings(for: page) {
        let label = binding.label.padding(toLength: 7, withPad: " ", startingAt: 0)
        lines.append(("  " + label + binding.summary, false))
      }
    }
    lines.append(("", false))
    lines.append(("Ctrl-C quits from any page.", false))
    let rows = frame.rows - 3
    let columnWidth = 32
    let columns = max(1, min(frame.columns / columnWidth, (lines.count + rows - 1) / rows))
    for (index, line) in lines.enumerated() {
      let column = index / rows
      guard column < columns else { break }
      frame.write(
        line.text, row: 1 + index % rows, column: 1 + column * columnWidth,
        style: line.isHeading ? .bold : .plain, width: columnWidth - 1)
    }
  }
}

// A still picture of the test oracle's screen, to wait on and to check.

/// What a terminal would show at one moment: the visible buffer, the cursor and the modes.
public struct ScreenSnapshot: Hashable, Sendable {
  /// The cells, `rows` arrays of `columns` cells.
  public var cells: [[ScreenCell]]
  /// The cursor's row, from 0 at the top.
  public var cursorRow: Int
  /// The cursor's column, from 0 at the left.
  public var cursorColumn: Int
  /// Whether the cursor is shown (`ESC [ ? 25 h`).
  public var isCursorVisible: Bool
  /// Whether the alternate screen is shown (`ESC [ ? 1049 h`).
  public var isAlternateScreenActive: Bool
  /// Whether writing past the last column wraps (`ESC [ ? 7 h`).
  public var isAutoWrapEnabled: Bool

  /// The number of rows.
  public var rows: Int { cells.count }

  /// The number of columns.
  public var columns: Int { cells.first?.count ?? 0 }

  /// The text of `row` (from 0), without trailing spaces.
  public func line(_ row: Int) -> String {
    var text = cells[row].map(\.text).joined()
    while text.last == " " { text.removeLast() }
    return text
  }

  /// Every row's text, without trailing spaces.
  public var lines: [String] { cells.indices.map(line) }

  /// The visible screen: every row's text without trailing spaces, joined by `"\n"`.
  public var text: String { lines.joined(separator: "\n") }

  /// The first row (from 0) whose text contains `text`.
  public func row(containing text: String) -> Int? {
    cells.indices.first { line($0).contains(text) }
  }

  /// The attributes of the cell at `row` and `column` (both from 0).
  public func attributes(row: Int, column: Int) -> CellAttributes {
    cells[row][column].attributes
  }

  /// The attributes every non-blank cell of `row` has in common; `[]` for an empty row.
  public func commonAttributes(row: Int) -> CellAttributes {
    let written = cells[row].filter { $0.text != " " && !$0.isWideContinuation }
    guard let first = written.first else { return [] }
    return written.reduce(first.attributes) { $0.intersection($1.attributes) }
  }
}

// The cells of one screen buffer of the test oracle, and the edits terminals make to them.

/// A grid of cells: one of ``ScreenEmulator``'s two buffers.
struct ScreenGrid: Hashable, Sendable {
  /// `rows` arrays of `columns` cells.
  private(set) var cells: [[ScreenCell]]
  private(set) var columns: Int

  /// A blank grid.
  init(columns: Int, rows: Int) {
    self.columns = columns
    cells = Array(repeating: Array(repeating: .blank, count: columns), count: rows)
  }

  /// The number of rows.
  var rows: Int { cells.count }

  /// Writes `cell` at `row`, `column`, and its continuation after it when `width` is 2.
  ///
  /// A wide character partly overwritten loses its other half, as on a real terminal.
  mutating func write(_ cell: ScreenCell, width: Int, row: Int, column: Int) {
    breakWideCharacters(row: row, columns: column..<(column + width))
    cells[row][column] = cell
    if width == 2 { cells[row][column + 1] = ScreenCell(text: "", attributes: cell.attributes) }
  }

  /// Adds a joining mark to the character at `row`, `column` (or to the wide character whose
  /// second half is there).
  mutating func join(_ scalar: Unicode.Scalar, row: Int, column: Int) {
    var column = column
    if cells[row][column].isWideContinuation && column > 0 { column -= 1 }
    cells[row][column].text.unicodeScalars.append(scalar)
  }

  /// Blanks `columns` of `row`.
  mutating func erase(row: Int, columns range: Range<Int>) {
    let range = range.clamped(to: 0..<columns)
    guard !range.isEmpty else { return }
    breakWideCharacters(row: row, columns: range)
    for column in range { cells[row][column] = .blank }
  }

  /// Blanks whole rows.
  mutating func erase(rows range: Range<Int>) {
    for row in range.clamped(to: 0..<rows) { erase(row: row, columns: 0..<columns) }
  }

  /// Moves every row up by one; the top row is lost and the bottom row is blank.
  mutating func scrollUp() {
    cells.removeFirst()
    cells.append(Array(repeating: .blank, count: columns))
  }

  /// Cuts or pads the grid to the new size, keeping the top-left content.
  mutating func resize(columns newColumns: Int, rows newRows: Int) {
    for row in cells.indices {
      if newColumns < columns {
        // A wide character cut in two by the new edge goes away.
        if newColumns > 0, cells[row][newColumns].isWideContinuation {
          cells[row][newColumns - 1] = .blank
        }
        cells[row].removeLast(columns - newColumns)
      } else {
        cells[row].append(contentsOf: repeatElement(.blank, count: newColumns - columns))
      }
    }
    columns = newColumns
    if newRows < rows {
      cells.removeLast(rows - newRows)
    } else {
      let blankRow = Array(repeating: ScreenCell.blank, count: newColumns)
      cells.append(contentsOf: repeatElement(blankRow, count: newRows - rows))
    }
  }

  /// Blanks the other half of any wide character that `range` cuts through.
  private mutating func breakWideCharacters(row: Int, columns range: Range<Int>) {
    if range.lowerBound > 0, cells[row][range.lowerBound].isWideContinuation {
      cells[row][range.lowerBound - 1] = .blank
    }
    if range.upperBound < columns, cells[row][range.upperBound].isWideContinuation {
      cells[row][range.upperBound] = .blank
    }
  }
}

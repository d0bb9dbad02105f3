// Turns the difference between the last frame drawn and the next one into escape sequences.

/// Draws frames on a terminal by writing only the cells that changed.
///
/// The first frame, and any frame of a new size, clears the screen and draws every row. After
/// that each row is compared cell by cell, and each run of changed cells is written after one
/// cursor move, so moving the selection down one row rewrites two rows, not the screen. The
/// result is one string for one `write`, so the terminal never shows half a frame.
public struct FrameRenderer: Sendable {
  /// Whether colours are written; bold, dim and reverse video always are.
  public var colors: Bool

  private var previous: Frame?

  /// A renderer that has drawn nothing yet.
  public init(colors: Bool) {
    self.colors = colors
  }

  /// Forgets the last frame, so the next one is drawn in full, as after the terminal was
  /// resized or something else wrote to it.
  public mutating func invalidate() {
    previous = nil
  }

  /// The bytes that change the screen from the last frame to `frame`, and remembers it.
  public mutating func update(to frame: Frame) -> String {
    defer { previous = frame }
    guard let previous, previous.columns == frame.columns, previous.rows == frame.rows else {
      var output = "\u{1B}[0m\u{1B}[2J"
      for row in 0..<frame.rows {
        output += draw(frame, row: row, columns: 0..<frame.columns)
      }
      return output + "\u{1B}[0m"
    }
    var output = ""
    for row in 0..<frame.rows {
      for run in changedRuns(from: previous, to: frame, row: row) {
        output += draw(frame, row: row, columns: run)
      }
    }
    return output.isEmpty ? output : output + "\u{1B}[0m"
  }

  /// The ranges of columns of `row` that differ, joined when fewer than 4 equal cells part
  /// them, since a cursor move costs about as much as a few characters.
  private func changedRuns(from old: Frame, to new: Frame, row: Int) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var column = 0
    while column < new.columns {
      guard old[row, column] != new[row, column] else {
        column += 1
        continue
      }
      var start = column
      // A run never starts on the second half of a wide character.
      while start > 0, new[row, start].text.isEmpty { start -= 1 }
      var end = column + 1
      var equal = 0
      while end < new.columns, equal < 4 {
        equal = old[row, end] == new[row, end] ? equal + 1 : 0
        end += 1
      }
      end -= equal
      if let last = runs.last, last.upperBound >= start {
        runs[runs.count - 1] = last.lowerBound..<end
      } else {
        runs.append(start..<end)
      }
      column = end
    }
    return runs
  }

  /// A cursor move to the start of `columns` on `row`, then its cells with their styles.
  private func draw(_ frame: Frame, row: Int, columns: Range<Int>) -> String {
    var output = "\u{1B}[\(row + 1);\(columns.lowerBound + 1)H"
    var style: CellStyle?
    for column in columns {
      let cell = frame[row, column]
      if cell.text.isEmpty { continue }  // Covered by the wide character before it.
      if cell.style != style {
        let codes = [0] + cell.style.parameters(colors: colors)
        output += "\u{1B}[" + codes.map(String.init).joined(separator: ";") + "m"
        style = cell.style
      }
      output += cell.text
    }
    return output
  }
}

// One screenful of styled text: what the terminal should show, independent of how it gets there.

/// A grid of cells the size of the terminal, built by the screens and drawn by ``FrameRenderer``.
///
/// A frame is a plain value: screens fill one from view-model state, tests compare its
/// ``lines`` with golden files, and the renderer compares it with the previous frame to
/// write only what changed. A wide character fills its cell and leaves the next one empty
/// (``Cell/text`` is `""`), as a terminal does.
public struct Frame: Equatable, Sendable {
  /// What one cell holds.
  public struct Cell: Equatable, Sendable {
    /// One character, or `""` for the second half of a wide character.
    public var text: String = " "
    /// How it looks.
    public var style = CellStyle.plain
  }

  /// The number of columns.
  public let columns: Int
  /// The number of rows.
  public let rows: Int
  /// The cells, row by row.
  private(set) var cells: [Cell]

  /// A blank frame of `columns` by `rows`.
  public init(columns: Int, rows: Int) {
    self.columns = max(columns, 0)
    self.rows = max(rows, 0)
    cells = Array(repeating: Cell(), count: self.columns * self.rows)
  }

  /// The cell at `row`, `column`.
  public subscript(row: Int, column: Int) -> Cell {
    cells[row * columns + column]
  }

  /// The rows as plain text, trailing spaces removed: the form golden files use.
  public var lines: [String] {
    (0..<rows).map { row in
      let text = (0..<columns).map { self[row, $0].text }.joined()
      return String(text.reversed().drop { $0 == " " }.reversed())
    }
  }

  /// Writes `text` on `row` from `column`, in at most `width` columns (to the right edge by
  /// default), and returns the number of columns used.
  ///
  /// Text that does not fit ends with `…`; a wide character that would straddle the limit is
  /// left out rather than cut in half. Control characters and bidirectional controls are
  /// shown as `�`, never sent; characters of no width (see ``DisplayWidth``) are
  /// left out.
  @discardableResult
  public mutating func write(
    _ text: some StringProtocol, row: Int, column: Int, style: CellStyle = .plain,
    width: Int? = nil
  ) -> Int {
    guard (0..<rows).contains(row), column >= 0, column < columns else { return 0 }
    let limit = min(width ?? columns - column, columns - column)
    guard limit > 0 else { return 0 }
    var used = 0
    for character in TextWrapper.truncated(String(text), width: limit) {
      let shown = DisplayWidth.sanitized(character)
      let width = DisplayWidth.of(shown)
      // A character of no width would take a cell of its own here and shift the row.
      guard width > 0 else { continue }
      put(shown, width: width, row: row, column: column + used, style: style)
      used += width
    }
    return used
  }

  /// Gives every cell of `row` in `columnRange` (the whole row by default) the look `style`,
  /// keeping their text: how the selected row and the title bar are drawn.
  public mutating func paint(row: Int, columns columnRange: Range<Int>? = nil, style: CellStyle) {
    guard (0..<rows).contains(row) else { return }
    let range = (columnRange ?? 0..<columns).clamped(to: 0..<columns)
    for column in range { cells[row * columns + column].style = style }
  }

  private mutating func put(
    _ character: Character, width: Int, row: Int, column: Int, style: CellStyle
  ) {
    // Never leave half of a wide character that this one overwrites.
    let index = row * columns + column
    if cells[index].text.isEmpty, column > 0 { cells[index - 1].text = " " }
    let end = column + width
    if end < columns, cells[row * columns + end].text.isEmpty {
      cells[row * columns + end].text = " "
    }
    cells[index] = Cell(text: String(character), style: style)
    if width == 2, column + 1 < columns {
      cells[index + 1] = Cell(text: "", style: style)
    }
  }
}

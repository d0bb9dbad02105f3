// What ScreenEmulator does for characters, C0 controls and control sequences.

extension ScreenEmulator {
  /// Writes one character at the cursor and moves the cursor past it.
  mutating func print(_ scalar: Unicode.Scalar) {
    let width = CellWidth.of(scalar)
    guard width > 0 else {
      let column = wrapPending ? cursorColumn : cursorColumn - 1
      if column >= 0 { screen.join(scalar, row: cursorRow, column: column) }
      return
    }
    if wrapPending {
      wrapPending = false
      if isAutoWrapEnabled { newLine() }
    }
    if width == 2 && cursorColumn == columns - 1 {
      if isAutoWrapEnabled { newLine() } else { cursorColumn = max(0, columns - 2) }
    }
    guard width <= columns else { return }
    let cell = ScreenCell(text: String(Character(scalar)), attributes: attributes)
    screen.write(cell, width: width, row: cursorRow, column: cursorColumn)
    if cursorColumn + width >= columns {
      cursorColumn = columns - 1
      wrapPending = isAutoWrapEnabled
    } else {
      cursorColumn += width
    }
  }

  /// Carries out a C0 control: `\r`, `\n` (also VT and FF), `\b`, `\t`; others do nothing.
  mutating func control(_ byte: UInt8) {
    switch byte {
    case 0x0D:
      cursorColumn = 0
      wrapPending = false
    case 0x0A, 0x0B, 0x0C:
      lineFeed()
    case 0x08:
      cursorColumn = max(0, cursorColumn - 1)
      wrapPending = false
    case 0x09:
      cursorColumn = min(columns - 1, (cursorColumn / 8 + 1) * 8)
      wrapPending = false
    default:
      break
    }
  }

  /// `\r\n`: the start of the next line.
  private mutating func newLine() {
    cursorColumn = 0
    lineFeed()
  }

  /// Down one row, scrolling the screen up at the bottom.
  private mutating func lineFeed() {
    wrapPending = false
    if cursorRow == rows - 1 { screen.scrollUp() } else { cursorRow += 1 }
  }

  /// Carries out `ESC [ body final`.
  mutating func dispatchControlSequence(_ body: [UInt8], final: UInt8) {
    var body = body[...]
    var marker: UInt8?
    if let first = body.first, (0x3C...0x3F).contains(first) {
      marker = first
      body = body.dropFirst()
    }
    // Sequences with intermediate bytes (`CSI ! p` and the like) are not modelled.
    guard !body.contains(where: { (0x20...0x2F).contains($0) }) else { return }
    let parameters = body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
    /// Parameter `index` as a count: missing or 0 means 1.
    func count(_ index: Int) -> Int {
      let value = index < parameters.count ? Int(parameters[index]) ?? 0 : 0
      return max(value, 1)
    }
    let mode = parameters.first.flatMap { Int($0) } ?? 0
    switch (marker, final) {
    case (nil, UInt8(ascii: "H")), (nil, UInt8(ascii: "f")):
      moveCursor(row: count(0) - 1, column: count(1) - 1)
    case (nil, UInt8(ascii: "A")): moveCursor(row: cursorRow - count(0), column: cursorColumn)
    case (nil, UInt8(ascii: "B")): moveCursor(row: cursorRow + count(0), column: cursorColumn)
    case (nil, UInt8(ascii: "C")): moveCursor(row: cursorRow, column: cursorColumn + count(0))
    case (nil, UInt8(ascii: "D")): moveCursor(row: cursorRow, column: cursorColumn - count(0))
    case (nil, UInt8(ascii: "G")): moveCursor(row: cursorRow, column: count(0) - 1)
    case (nil, UInt8(ascii: "d")): moveCursor(row: count(0) - 1, column: cursorColumn)
    case (nil, UInt8(ascii: "K")): eraseInLine(mode)
    case (nil, UInt8(ascii: "J")): eraseInDisplay(mode)
    case (nil, UInt8(ascii: "m")): selectGraphicRendition(parameters)
    case (UInt8(ascii: "?"), UInt8(ascii: "h")): setModes(parameters, on: true)
    case (UInt8(ascii: "?"), UInt8(ascii: "l")): setModes(parameters, on: false)
    default: break
    }
  }

  private mutating func moveCursor(row: Int, column: Int) {
    cursorRow = min(max(row, 0), rows - 1)
    cursorColumn = min(max(column, 0), columns - 1)
    wrapPending = false
  }

  /// `CSI K`: 0 from the cursor to the end, 1 from the start through the cursor, 2 all.
  private mutating func eraseInLine(_ mode: Int) {
    switch mode {
    case 0: screen.erase(row: cursorRow, columns: cursorColumn..<columns)
    case 1: screen.erase(row: cursorRow, columns: 0..<(cursorColumn + 1))
    case 2: screen.erase(row: cursorRow, columns: 0..<columns)
    default: break
    }
    wrapPending = false
  }

  /// `CSI J`: 0 from the cursor to the end, 1 from the start through the cursor, 2 all.
  private mutating func eraseInDisplay(_ mode: Int) {
    switch mode {
    case 0:
      screen.erase(row: cursorRow, columns: cursorColumn..<columns)
      screen.erase(rows: (cursorRow + 1)..<rows)
    case 1:
      screen.erase(rows: 0..<cursorRow)
      screen.erase(row: cursorRow, columns: 0..<(cursorColumn + 1))
    case 2:
      screen.erase(rows: 0..<rows)
    default:
      break
    }
    wrapPending = false
  }
}

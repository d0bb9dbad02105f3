// A minimal VT100/xterm screen, fed with a program's output: the oracle of terminal tests.

/// A small model of what an xterm-like terminal shows after receiving some bytes.
///
/// It is written independently of the app's renderer, so a test compares the app against
/// a second opinion rather than against itself. It understands printable UTF-8 text (wide
/// characters take two cells), `\r`, `\n`, `\b`, `\t`, cursor positioning and movement
/// (`CSI H f A B C D G d`), erasing (`CSI K J`), SGR attributes (``CellAttributes``), the
/// alternate screen (`?1049`), cursor visibility (`?25`) and auto-wrap (`?7`). Everything
/// else, including OSC and DCS strings, is read and ignored. `\n` is a pure line feed, as
/// on a real terminal: the kernel adds the carriage return in cooked mode.
public struct ScreenEmulator: Sendable {
  /// The width in cells.
  public var columns: Int { screen.columns }
  /// The height in rows.
  public var rows: Int { screen.rows }
  /// Whether the alternate screen is shown.
  public internal(set) var isAlternateScreenActive = false
  /// Whether the cursor is shown.
  public internal(set) var isCursorVisible = true
  /// Whether writing past the last column wraps to the next line.
  public internal(set) var isAutoWrapEnabled = true
  /// The cursor's row, from 0.
  public internal(set) var cursorRow = 0
  /// The cursor's column, from 0.
  public internal(set) var cursorColumn = 0

  /// The buffer shown, and the other one.
  var screen: ScreenGrid
  var hiddenScreen: ScreenGrid
  /// Set after writing the last column with auto-wrap on: the next character wraps first.
  var wrapPending = false
  /// The attributes new characters are written with.
  var attributes: CellAttributes = []
  /// The cursor saved when the alternate screen was entered.
  var savedCursor: (row: Int, column: Int, attributes: CellAttributes)?
  var parser = ParserState.ground
  /// The bytes of a UTF-8 character received so far, and how many it has in all.
  var characterBytes: [UInt8] = []
  var characterLength = 0

  /// Where the parser is in the byte stream.
  enum ParserState: Sendable {
    case ground
    /// After ESC, with any intermediate bytes (as in `ESC ( B`).
    case escape([UInt8])
    /// After `ESC [`, with the parameter and intermediate bytes so far.
    case controlSequence([UInt8])
    /// Inside an OSC, DCS, SOS, PM or APC string, which ends with BEL or `ESC \`.
    case string(afterEscape: Bool)
  }

  /// A blank main screen of `columns` by `rows` cells, cursor at the top left.
  public init(columns: Int = 80, rows: Int = 24) {
    screen = ScreenGrid(columns: columns, rows: rows)
    hiddenScreen = ScreenGrid(columns: columns, rows: rows)
  }

  /// The screen as it is now.
  public var snapshot: ScreenSnapshot {
    ScreenSnapshot(
      cells: screen.cells, cursorRow: cursorRow, cursorColumn: cursorColumn,
      isCursorVisible: isCursorVisible, isAlternateScreenActive: isAlternateScreenActive,
      isAutoWrapEnabled: isAutoWrapEnabled)
  }

  /// The visible screen's text, rows without trailing spaces joined by `"\n"`.
  public var text: String { snapshot.text }

  /// The text of `row` (from 0), without trailing spaces.
  public func line(_ row: Int) -> String { snapshot.line(row) }

  /// Applies `bytes`, which may end in the middle of a character or sequence.
  public mutating func feed(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { feed(byte) }
  }

  /// Changes the size, as a terminal window does: content is kept from the top left, and the
  /// cursor stays inside.
  public mutating func resize(columns: Int, rows: Int) {
    screen.resize(columns: columns, rows: rows)
    hiddenScreen.resize(columns: columns, rows: rows)
    cursorRow = min(cursorRow, rows - 1)
    cursorColumn = min(cursorColumn, columns - 1)
    wrapPending = false
  }

  private mutating func feed(_ byte: UInt8) {
    switch parser {
    case .ground:
      ground(byte)
    case .escape(let intermediates):
      escape(byte, intermediates: intermediates)
    case .controlSequence(let body):
      controlSequence(byte, body: body)
    case .string(let afterEscape):
      if byte == 0x07 || (afterEscape && byte == UInt8(ascii: "\\")) {
        parser = .ground
      } else if afterEscape {
        parser = .escape([])
        feed(byte)
      } else {
        parser = .string(afterEscape: byte == 0x1B)
      }
    }
  }

  private mutating func ground(_ byte: UInt8) {
    if characterLength > 0 {
      if (0x80...0xBF).contains(byte) {
        characterBytes.append(byte)
        if characterBytes.count == characterLength { printCharacterBytes() }
        return
      }
      printCharacterBytes()  // cut short: prints U+FFFD, then `byte` is handled afresh
    }
    switch byte {
    case 0x1B: parser = .escape([])
    case 0x00..<0x20: control(byte)
    case 0x7F: break
    case 0x20..<0x7F: print(Unicode.Scalar(byte))
    case 0xC2...0xDF: startCharacter(byte, length: 2)
    case 0xE0...0xEF: startCharacter(byte, length: 3)
    case 0xF0...0xF4: startCharacter(byte, length: 4)
    default: print("\u{FFFD}")
    }
  }

  private mutating func startCharacter(_ lead: UInt8, length: Int) {
    characterBytes = [lead]
    characterLength = length
  }

  /// Prints the collected UTF-8 bytes; the standard library's decoder turns invalid or
  /// incomplete ones into U+FFFD.
  private mutating func printCharacterBytes() {
    let scalars = String(decoding: characterBytes, as: UTF8.self).unicodeScalars
    characterBytes = []
    characterLength = 0
    for scalar in scalars { print(scalar) }
  }

  private mutating func escape(_ byte: UInt8, intermediates: [UInt8]) {
    switch byte {
    case 0x1B: parser = .escape([])
    case 0x00..<0x20: control(byte)
    case 0x20...0x2F: parser = .escape(intermediates + [byte])
    case UInt8(ascii: "[") where intermediates.isEmpty: parser = .controlSequence([])
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"),
      UInt8(ascii: "_"):
      parser = intermediates.isEmpty ? .string(afterEscape: false) : .ground
    case UInt8(ascii: "c") where intermediates.isEmpty:
      self = ScreenEmulator(columns: columns, rows: rows)
    default: parser = .ground
    }
  }

  private mutating func controlSequence(_ byte: UInt8, body: [UInt8]) {
    switch byte {
    case 0x40...0x7E:
      parser = .ground
      dispatchControlSequence(body, final: byte)
    case 0x20...0x3F: parser = .controlSequence(body.count < 64 ? body + [byte] : body)
    case 0x1B: parser = .escape([])
    case 0x00..<0x20: control(byte)
    default: break
    }
  }
}

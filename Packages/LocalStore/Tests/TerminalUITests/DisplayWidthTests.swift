// Bidi controls are neutralised and zero-width characters take no column in a frame.

import Testing

@testable import TerminalUI

@Suite struct DisplayWidthTests {
  nonisolated static let bidiControls: [Character] = [
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
    "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}",
  ]

  @Test(arguments: bidiControls)
  func bidiControlsAreShownAsReplacementCharacters(_ control: Character) {
    #expect(DisplayWidth.sanitized(control) == "\u{FFFD}")
    #expect(DisplayWidth.of(control) == 1)
  }

  @Test func zeroWidthAndLoneCombiningCharactersTakeNoColumn() {
    #expect(DisplayWidth.of("\u{200B}") == 0)  // Zero width space.
    #expect(DisplayWidth.of("\u{2060}") == 0)  // Word joiner.
    #expect(DisplayWidth.of("\u{FEFF}") == 0)  // Zero width no-break space.
    #expect(DisplayWidth.of(Character("\u{0301}")) == 0)  // A combining mark on its own.
    #expect(DisplayWidth.of("e\u{0301}") == 1)  // With its base: one column.
    #expect(DisplayWidth.of("a\u{200B}b\u{200B}c") == 3)
  }

  @Test func aFrameLeavesZeroWidthCharactersOut() {
    var frame = Frame(columns: 10, rows: 1)
    let used = frame.write("a\u{200B}b\u{200B}c", row: 0, column: 0)
    #expect(used == 3)
    #expect(frame.lines[0] == "abc")
  }

  @Test func aFrameNeverSendsABidiControl() {
    var frame = Frame(columns: 10, rows: 1)
    frame.write("ab\u{202E}cd", row: 0, column: 0)
    #expect(frame.lines[0] == "ab\u{FFFD}cd")
  }
}

// The test oracle itself, on hand-written byte sequences with known results.

import LocalStoreTestSupport
import Testing

@Suite struct ScreenEmulatorTests {
  /// An emulator of `columns` by `rows` fed with `text`.
  func screen(_ text: String, columns: Int = 10, rows: Int = 4) -> ScreenEmulator {
    var emulator = ScreenEmulator(columns: columns, rows: rows)
    emulator.feed(Array(text.utf8))
    return emulator
  }

  @Test func printsTextAndFollowsCarriageReturnAndLineFeed() {
    let emulator = screen("ab\r\ncd\nef")
    #expect(emulator.text == "ab\ncd\n  ef\n")
    #expect(emulator.cursorRow == 2)
    #expect(emulator.cursorColumn == 4)
  }

  @Test func backspaceAndTabMoveTheCursor() {
    #expect(screen("abc\u{8}\u{8}X").line(0) == "aXc")
    #expect(screen("a\tb", columns: 20).line(0) == "a       b")
  }

  @Test(arguments: [
    ("\u{1B}[2;3HX", 1, 2), ("\u{1B}[HX", 0, 0), ("\u{1B}[;5fX", 0, 4), ("\u{1B}[99;99HX", 3, 9),
    ("\u{1B}[3;3H\u{1B}[AX", 1, 2), ("\u{1B}[3;3H\u{1B}[2BX", 3, 2),
    ("\u{1B}[3;3H\u{1B}[4CX", 2, 6), ("\u{1B}[3;3H\u{1B}[DX", 2, 1),
    ("\u{1B}[3;3H\u{1B}[9DX", 2, 0), ("\u{1B}[3;3H\u{1B}[7GX", 2, 6),
    ("\u{1B}[3;3H\u{1B}[1dX", 0, 2),
  ])
  func cursorMovesAreOneBasedAndClamped(sequence: String, row: Int, column: Int) {
    let emulator = screen(sequence)
    #expect(emulator.snapshot.cells[row][column].text == "X", "\(emulator.text)")
  }

  @Test(arguments: [
    ("\u{1B}[K", "abcd"), ("\u{1B}[0K", "abcd"), ("\u{1B}[1K", "     fghij"), ("\u{1B}[2K", ""),
  ])
  func eraseInLine(sequence: String, expected: String) {
    let emulator = screen("abcdefghij\u{1B}[1;5H" + sequence + "\u{1B}[2;1Hnext")
    #expect(emulator.line(0) == expected)
    #expect(emulator.line(1) == "next")
  }

  @Test(arguments: [
    ("\u{1B}[J", ["1111", "22", "", ""]), ("\u{1B}[1J", ["", "   222", "3333", "4444"]),
    ("\u{1B}[2J", ["", "", "", ""]),
  ])
  func eraseInDisplay(sequence: String, expected: [String]) {
    let emulator = screen("1111\r\n222222\r\n3333\r\n4444\u{1B}[2;3H" + sequence)
    #expect(emulator.snapshot.lines == expected)
  }

  @Test func autoWrapWrapsBeforeTheNextCharacterAndScrollsAtTheBottom() {
    let emulator = screen("0123456789A", columns: 10, rows: 2)
    #expect(emulator.snapshot.lines == ["0123456789", "A"])
    let full = screen("0123456789", columns: 10, rows: 2)
    #expect(full.cursorColumn == 9 && full.cursorRow == 0, "the cursor waits at the last column")
    let scrolled = screen("a\r\nb\r\nc", columns: 10, rows: 2)
    #expect(scrolled.snapshot.lines == ["b", "c"])
  }

  @Test func withoutAutoWrapTheLastColumnIsOverwritten() {
    let emulator = screen("\u{1B}[?7l0123456789XYZ", columns: 10, rows: 2)
    #expect(!emulator.isAutoWrapEnabled)
    #expect(emulator.snapshot.lines == ["012345678Z", ""])
    #expect(screen("\u{1B}[?7l\u{1B}[?7h").isAutoWrapEnabled)
  }

  @Test func wideCharactersTakeTwoCells() {
    let emulator = screen("日本a😀é")
    #expect(emulator.line(0) == "日本a😀é")
    #expect(emulator.cursorColumn == 8)
    let cells = emulator.snapshot.cells[0]
    #expect(cells[0].text == "日" && cells[1].isWideContinuation)
    #expect(cells[5].text == "😀" && cells[6].isWideContinuation && cells[7].text == "é")
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    #expect(screen("日本\u{1B}[1;2HX").line(0) == " X本")
    #expect(screen("日本\u{1B}[1;3HX").line(0) == "日X")
  }

  @Test func wideCharacterAtTheLastColumnWraps() {
    #expect(screen("123456789日", columns: 10, rows: 2).snapshot.lines == ["123456789", "日"])
  }

  @Test func combiningMarksJoinTheCharacterBefore() {
    let emulator = screen("e\u{301}x")
    #expect(emulator.line(0) == "e\u{301}x")
    #expect(emulator.cursorColumn == 2)
  }

  @Test func utf8SplitAcrossFeedsAndInvalidBytes() {
    var emulator = ScreenEmulator(columns: 10, rows: 2)
    let bytes = Array("😀".utf8)
    emulator.feed(bytes[0..<2])
    emulator.feed(bytes[2...])
    emulator.feed([0xFF, 0x41])
    #expect(emulator.line(0) == "😀\u{FFFD}A")
  }

  @Test func graphicRenditionIsKeptPerCell() {
    let emulator = screen("a\u{1B}[1mb\u{1B}[7mc\u{1B}[22md\u{1B}[0me\u{1B}[2;7mf\u{1B}[mg")
    let row = emulator.snapshot
    #expect(row.attributes(row: 0, column: 0) == [])
    #expect(row.attributes(row: 0, column: 1) == [.bold])
    #expect(row.attributes(row: 0, column: 2) == [.bold, .reverse])
    #expect(row.attributes(row: 0, column: 3) == [.reverse])
    #expect(row.attributes(row: 0, column: 4) == [])
    #expect(row.attributes(row: 0, column: 5) == [.dim, .reverse])
    #expect(row.attributes(row: 0, column: 6) == [])
  }

  @Test func colourArgumentsAreNotTakenForAttributes() {
    let emulator = screen("\u{1B}[38;5;1;48;2;7;7;7mx\u{1B}[38:5:7my")
    #expect(emulator.snapshot.attributes(row: 0, column: 0) == [])
    #expect(emulator.snapshot.attributes(row: 0, column: 1) == [])
  }

  @Test func selectedRowInReverseVideo() throws {
    let emulator = screen("\u{1B}[2;1H\u{1B}[7mchosen    \u{1B}[0m\u{1B}[3;1Hother", columns: 10)
    let snapshot = emulator.snapshot
    let row = try #require(snapshot.row(containing: "chosen"))
    #expect(row == 1)
    #expect(snapshot.commonAttributes(row: row).contains(.reverse))
    #expect(!snapshot.commonAttributes(row: 2).contains(.reverse))
  }

  @Test func alternateScreenIsClearedAndLeavingShowsTheMainScreenAgain() {
    var emulator = screen("main text")
    emulator.feed(Array("\u{1B}[?1049h".utf8))
    #expect(emulator.isAlternateScreenActive)
    #expect(emulator.text == "\n\n\n")
    emulator.feed(Array("\u{1B}[3;3Halt".utf8))
    #expect(emulator.line(2) == "  alt")
    emulator.feed(Array("\u{1B}[?1049l".utf8))
    #expect(!emulator.isAlternateScreenActive)
    #expect(emulator.line(0) == "main text")
    #expect(emulator.cursorRow == 0 && emulator.cursorColumn == 9)
  }

  @Test func cursorVisibility() {
    #expect(!screen("\u{1B}[?25l").isCursorVisible)
    #expect(screen("\u{1B}[?25l\u{1B}[?25h").isCursorVisible)
  }

  @Test func otherSequencesAreIgnoredSafely() {
    let text =
      "\u{1B}]0;window title\u{7}a\u{1B}]2;t\u{1B}\\b\u{1B}P1$r\u{1B}\\c\u{1B}(Bd\u{1B}=e"
      + "\u{1B}[?2004hf\u{1B}[!pg\u{1B}[4hh"
    #expect(screen(text, columns: 20).line(0) == "abcdefgh")
  }

  @Test func resizeKeepsTheTopLeftAndTheCursorInside() {
    var emulator = screen("0123456789\r\nabc", columns: 10, rows: 4)
    emulator.resize(columns: 5, rows: 1)
    #expect(emulator.snapshot.lines == ["01234"])
    #expect(emulator.cursorRow == 0 && emulator.cursorColumn == 3)
    emulator.resize(columns: 8, rows: 3)
    #expect(emulator.snapshot.lines == ["01234", "", ""])
  }
}

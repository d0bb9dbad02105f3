// The frame grid: writing, truncating with an ellipsis, wide characters and control characters.

import Testing

@testable import TerminalUI

@Suite struct FrameTests {
  @Test func textIsWrittenAtItsPosition() {
    var frame = Frame(columns: 10, rows: 2)
    let used = frame.write("hello", row: 1, column: 2)
    #expect(used == 5)
    #expect(frame.lines == ["", "  hello"])
  }

  @Test(arguments: [
    ("abcdefghij", 10, "abcdefghij"),
    ("abcdefghijk", 10, "abcdefghi…"),
    ("日本語のテキスト", 10, "日本語の…"),
    ("日本語", 6, "日本語"),
    ("日本語", 5, "日本…"),
  ])
  func textThatDoesNotFitEndsWithAnEllipsis(text: String, width: Int, expected: String) {
    var frame = Frame(columns: width, rows: 1)
    frame.write(text, row: 0, column: 0)
    #expect(frame.lines == [expected])
    #expect(DisplayWidth.of(frame.lines[0]) <= width)
  }

  @Test func aWideCharacterTakesTwoCellsAndIsNeverCutInHalf() {
    var frame = Frame(columns: 4, rows: 1)
    frame.write("a日b", row: 0, column: 0)
    #expect(frame[0, 1].text == "日")
    #expect(frame[0, 2].text == "")
    #expect(frame[0, 3].text == "b")
    frame.write("xx日", row: 0, column: 0, width: 3)
    #expect(frame.lines == ["xx…b"])
  }

  @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
    var frame = Frame(columns: 4, rows: 1)
    frame.write("日本", row: 0, column: 0)
    frame.write("x", row: 0, column: 1)
    #expect(frame.lines == [" x本"])
  }

  @Test func controlCharactersAreShownNotSent() {
    var frame = Frame(columns: 20, rows: 1)
    frame.write("a\u{1B}[2Jb\tc\u{7}", row: 0, column: 0)
    #expect(frame.lines == ["a\u{FFFD}[2Jb c\u{FFFD}"])
  }

  @Test func writesOutsideTheFrameAreIgnored() {
    var frame = Frame(columns: 3, rows: 1)
    #expect(frame.write("x", row: 1, column: 0) == 0)
    #expect(frame.write("x", row: 0, column: 3) == 0)
    #expect(frame.write("x", row: -1, column: 0) == 0)
    #expect(frame.lines == [""])
  }

  @Test func paintKeepsTheTextAndChangesTheStyle() {
    var frame = Frame(columns: 3, rows: 1)
    frame.write("ab", row: 0, column: 0)
    frame.paint(row: 0, style: .reversed)
    #expect(frame[0, 0] == Frame.Cell(text: "a", style: .reversed))
    #expect(frame[0, 2] == Frame.Cell(text: " ", style: .reversed))
  }

  @Test(
    arguments: [
      ("a", 1), ("é", 1), ("日", 2), ("한", 2), ("Ｗ", 2), ("😀", 2), ("❤️", 2), ("👍🏽", 2),
    ] as [(Character, Int)])
  func displayWidth(character: Character, width: Int) {
    #expect(DisplayWidth.of(character) == width)
  }
}

// Wrapping text to a width in terminal columns.

import Testing

@testable import TerminalUI

@Suite struct TextWrapperTests {
  @Test func wrapsAtSpaces() {
    #expect(
      TextWrapper.lines("one two three four", width: 9) == ["one two", "three", "four"])
  }

  @Test func breaksAWordLongerThanALine() {
    #expect(TextWrapper.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
  }

  @Test func keepsNewlines() {
    #expect(TextWrapper.lines("a\nb", width: 10) == ["a", "b"])
  }

  @Test func marksTextCutByTheLineLimit() {
    let lines = TextWrapper.lines("one two three four", width: 9, maxLines: 2)
    #expect(lines == ["one two", "three …"])
  }

  @Test func measuresWideCharactersAsTwoColumns() {
    #expect(TextWrapper.lines("日本語 日本", width: 6) == ["日本語", "日本"])
  }

  @Test(arguments: [("abcdef", 4, "abc…"), ("abc", 3, "abc"), ("abc", 0, "")])
  func truncates(text: String, width: Int, expected: String) {
    #expect(TextWrapper.truncated(text, width: width) == expected)
  }
}

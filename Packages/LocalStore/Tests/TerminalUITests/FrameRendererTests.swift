// The renderer writes the whole first frame, then only what changed.

import Testing

@testable import TerminalUI

@Suite struct FrameRendererTests {
  private func frame(_ lines: [String], columns: Int = 10) -> Frame {
    var frame = Frame(columns: columns, rows: lines.count)
    for (row, line) in lines.enumerated() { frame.write(line, row: row, column: 0) }
    return frame
  }

  @Test func theFirstFrameClearsTheScreenAndDrawsEveryRow() {
    var renderer = FrameRenderer(colors: true)
    let output = renderer.update(to: frame(["ab", "cd"], columns: 2))
    #expect(output == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[0mab\u{1B}[2;1H\u{1B}[0mcd\u{1B}[0m")
  }

  @Test func anUnchangedFrameWritesNothing() {
    var renderer = FrameRenderer(colors: true)
    _ = renderer.update(to: frame(["hello"]))
    #expect(renderer.update(to: frame(["hello"])).isEmpty)
  }

  @Test func onlyTheChangedCellsAreWritten() {
    var renderer = FrameRenderer(colors: true)
    _ = renderer.update(to: frame(["hello", "world"]))
    let output = renderer.update(to: frame(["hello", "wOrld"]))
    #expect(output == "\u{1B}[2;2H\u{1B}[0mO\u{1B}[0m")
  }

  @Test func nearbyChangesShareOneCursorMove() {
    var renderer = FrameRenderer(colors: true)
    _ = renderer.update(to: frame(["abcdefghij"]))
    let output = renderer.update(to: frame(["xbcyefghiz"]))
    #expect(output == "\u{1B}[1;1H\u{1B}[0mxbcy\u{1B}[1;10H\u{1B}[0mz\u{1B}[0m")
  }

  @Test func aNewSizeRedrawsEverything() {
    var renderer = FrameRenderer(colors: true)
    _ = renderer.update(to: frame(["a"], columns: 3))
    #expect(renderer.update(to: frame(["a"], columns: 4)).hasPrefix("\u{1B}[0m\u{1B}[2J"))
  }

  @Test func invalidateRedrawsEverything() {
    var renderer = FrameRenderer(colors: true)
    _ = renderer.update(to: frame(["a"]))
    renderer.invalidate()
    #expect(renderer.update(to: frame(["a"])).contains("\u{1B}[2J"))
  }

  @Test func stylesBecomeSGRAndColoursAreDroppedWithoutColour() {
    var styled = Frame(columns: 2, rows: 1)
    styled.write("a", row: 0, column: 0, style: CellStyle.bold.colored(.red))
    styled.write("b", row: 0, column: 1, style: .reversed)
    var colored = FrameRenderer(colors: true)
    #expect(colored.update(to: styled).contains("\u{1B}[0;1;31ma\u{1B}[0;7mb"))
    var plain = FrameRenderer(colors: false)
    #expect(plain.update(to: styled).contains("\u{1B}[0;1ma\u{1B}[0;7mb"))
  }

  @Test func aChangeInTheSecondHalfOfAWideCharacterRewritesTheWholeCharacter() {
    var renderer = FrameRenderer(colors: true)
    _ = renderer.update(to: frame(["ab日"], columns: 4))
    var next = frame(["ab日"], columns: 4)
    next.paint(row: 0, columns: 3..<4, style: .reversed)
    let output = renderer.update(to: next)
    #expect(output.hasPrefix("\u{1B}[1;3H"))
    #expect(output.contains("日"))
  }
}

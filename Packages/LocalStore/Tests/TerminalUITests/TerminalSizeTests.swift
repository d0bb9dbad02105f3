// Reading a terminal's window size, and the 80x24 fallback.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import TerminalUI

@Suite struct TerminalSizeTests {
  @Test func readsTheSizeSetWithTIOCSWINSZ() throws {
    let pair = try PseudoTerminalPair(columns: 120, rows: 40)
    #expect(TerminalSize(ofTerminal: pair.terminal) == TerminalSize(columns: 120, rows: 40))
    #expect(TerminalSize(ofTerminal: pair.controller) == TerminalSize(columns: 120, rows: 40))
  }

  @Test func zeroByZeroIsEightyByTwentyFour() throws {
    let pair = try PseudoTerminalPair(columns: 0, rows: 0)
    #expect(TerminalSize(ofTerminal: pair.terminal) == TerminalSize(columns: 80, rows: 24))
  }

  @Test func aZeroDimensionFallsBackAlone() throws {
    let pair = try PseudoTerminalPair(columns: 100, rows: 0)
    #expect(TerminalSize(ofTerminal: pair.terminal) == TerminalSize(columns: 100, rows: 24))
  }

  @Test func notATerminalIsEightyByTwentyFour() throws {
    var descriptors: [Int32] = [-1, -1]
    try #require(pipe(&descriptors) == 0)
    defer { for descriptor in descriptors { close(descriptor) } }
    #expect(TerminalSize(ofTerminal: descriptors[0]) == .fallback)
    #expect(TerminalSize.fallback == TerminalSize(columns: 80, rows: 24))
  }
}

@Suite struct TerminalSizeBoundsTests {
  @Test func aHugeWindowIsClampedToTheMaximum() throws {
    let pair = try PseudoTerminalPair(columns: 65_535, rows: 65_535)
    #expect(TerminalSize(ofTerminal: pair.terminal) == TerminalSize.maximum)
  }

  @Test func aSizeMadeByHandIsClampedToo() {
    let clamped = TerminalSize(columns: 1 << 40, rows: -3).clamped
    #expect(clamped == TerminalSize(columns: 1_000, rows: 0))
  }
}

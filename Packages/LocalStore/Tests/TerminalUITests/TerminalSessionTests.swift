// TerminalSession against a real pseudo-terminal: raw mode, the screen sequences, exact restore.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import TerminalUI

@MainActor
@Suite struct TerminalSessionTests {
  let pair: PseudoTerminalPair

  init() throws {
    pair = try PseudoTerminalPair(columns: 100, rows: 30)
  }

  /// A session on the pair's terminal side, without the process-wide crash guard.
  func makeSession() -> TerminalSession {
    TerminalSession(input: pair.terminal, output: pair.terminal, guardsAgainstCrashes: false)
  }

  /// Writes `marker` to the terminal side directly, not through a session, and checks that
  /// exactly `expected` and then the marker arrive: nothing else was written in between.
  func expectNothingMoreThan(_ expected: [UInt8] = [], marker: String = "marker") throws {
    let bytes = Array(marker.utf8)
    try #require(write(pair.terminal, bytes, bytes.count) == bytes.count)
    #expect(try pair.read(until: bytes) == expected + bytes)
  }

  /// Gives the terminal unusual settings, so that an exact restore is told apart from a
  /// restore to the defaults.
  func customizeTerminal() throws -> TerminalModes {
    var attributes = try pair.attributes()
    attributes.c_lflag &= ~tcflag_t(ECHOE)
    withUnsafeMutableBytes(of: &attributes.c_cc) { $0[Int(VERASE)] = 0x08 }
    try #require(tcsetattr(pair.terminal, TCSANOW, &attributes) == 0)
    return TerminalModes(try pair.attributes())
  }

  @Test func enterSwitchesToRawMode() throws {
    let session = makeSession()
    #expect(TerminalModes(try pair.attributes()).isCooked)
    try session.enter()
    #expect(session.isEntered)
    let modes = TerminalModes(try pair.attributes())
    #expect(modes.isRaw, "\(modes)")
    session.restore()
  }

  @Test func restoreGivesBackTheExactAttributes() throws {
    let original = try customizeTerminal()
    let session = makeSession()
    try session.enter()
    #expect(TerminalModes(try pair.attributes()) != original)
    session.restore()
    #expect(!session.isEntered)
    #expect(TerminalModes(try pair.attributes()) == original)
  }

  @Test func enterAndRestoreWriteTheScreenSequences() throws {
    let session = makeSession()
    try session.enter()
    let entered = try pair.read(until: TerminalSession.enterSequence)
    #expect(entered == TerminalSession.enterSequence)
    session.restore()
    let restored = try pair.read(until: TerminalSession.restoreSequence)
    #expect(restored == TerminalSession.restoreSequence)
  }

  @Test func restoreTwiceWritesNothingMoreAndKeepsTheAttributes() throws {
    let original = try customizeTerminal()
    let session = makeSession()
    try session.enter()
    session.restore()
    _ = try pair.read(until: TerminalSession.restoreSequence)
    session.restore()
    session.restore()
    #expect(TerminalModes(try pair.attributes()) == original)
    try expectNothingMoreThan()
  }

  @Test func restoreWithoutEnterDoesNothing() throws {
    let original = try customizeTerminal()
    let session = makeSession()
    session.restore()
    try expectNothingMoreThan()
    #expect(TerminalModes(try pair.attributes()) == original)
  }

  @Test func writesOutsideTheSessionAreDropped() throws {
    let session = makeSession()
    try session.write("before enter")
    try session.enter()
    try session.write("frame")
    try expectNothingMoreThan(TerminalSession.enterSequence + Array("frame".utf8))
    session.restore()
    try session.write("late frame")
    try expectNothingMoreThan(TerminalSession.restoreSequence)
  }

  @Test func enterTwiceKeepsTheFirstSavedAttributes() throws {
    let original = try customizeTerminal()
    let session = makeSession()
    try session.enter()
    try session.enter()
    session.restore()
    #expect(TerminalModes(try pair.attributes()) == original)
  }

  @Test func enterOnAPipeThrowsAndWritesNothing() throws {
    var descriptors: [Int32] = [-1, -1]
    try #require(pipe(&descriptors) == 0)
    defer { for descriptor in descriptors { close(descriptor) } }
    let session = TerminalSession(
      input: descriptors[0], output: pair.terminal, guardsAgainstCrashes: false)
    #expect(throws: TerminalError.notATerminal("the input (file descriptor \(descriptors[0]))")) {
      try session.enter()
    }
    #expect(!session.isEntered)
    let message = TerminalError.notATerminal("standard input").description
    #expect(message.contains("standard input is not one"))
    try expectNothingMoreThan()
  }

  @Test func sizeIsTheTerminalWindowSize() throws {
    #expect(makeSession().size == TerminalSize(columns: 100, rows: 30))
    try pair.setSize(columns: 132, rows: 43)
    #expect(makeSession().size == TerminalSize(columns: 132, rows: 43))
  }

  @Test func largeWriteArrivesWhole() async throws {
    let session = makeSession()
    try session.enter()
    _ = try pair.read(until: TerminalSession.enterSequence)
    // Far more than the terminal buffers, so the write is partial and blocks until read.
    let payload = Array(repeating: UInt8(ascii: "x"), count: 200_000) + Array("END".utf8)
    let reader = Task.detached { [pair] in try pair.read(until: Array("END".utf8)) }
    try session.write(payload)
    let received = try await reader.value
    #expect(received == payload)
    session.restore()
  }
}

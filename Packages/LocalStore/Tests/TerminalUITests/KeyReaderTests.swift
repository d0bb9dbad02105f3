// KeyReader over pipes and a raw pseudo-terminal, waiting with poll and with select: keys out,
// Escape after the wait, and ending.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import TerminalUI

@Suite(.timeLimit(.minutes(1))) struct KeyReaderTests {
  /// A pipe whose read end a reader reads; the test writes to the other end.
  final class Pipe: Sendable {
    let readEnd: Int32
    /// The write end, or -1 once closed; never closed twice, since another test may have
    /// been given the same number by then.
    private let writeEnd: Guarded<Int32>

    init() throws {
      var descriptors: [Int32] = [-1, -1]
      try #require(pipe(&descriptors) == 0)
      readEnd = descriptors[0]
      writeEnd = Guarded(descriptors[1])
    }

    func send(_ bytes: [UInt8]) throws {
      let written = writeEnd.withLock { write($0, bytes, bytes.count) }
      try #require(written == bytes.count)
    }

    func closeWriteEnd() {
      writeEnd.withLock { descriptor in
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
      }
    }

    deinit {
      closeWriteEnd()
      close(readEnd)
    }
  }

  /// The next `count` keys, failing if the stream ends first.
  func next(
    _ count: Int, from iterator: inout sending AsyncStream<Key>.Iterator
  ) async throws -> [Key] {
    var keys: [Key] = []
    while keys.count < count {
      keys.append(
        try #require(await iterator.next(), "the stream ended after \(keys)"))
    }
    return keys
  }

  @Test(arguments: InputWait.allCases)
  func bytesInKeysOut(wait: InputWait) async throws {
    let pipe = try Pipe()
    let reader = try KeyReader(fileDescriptor: pipe.readEnd, wait: wait)
    defer { reader.stop() }
    var keys = reader.keys.makeAsyncIterator()
    try pipe.send(Array("ab\u{1B}[A\r".utf8) + [0x03])
    #expect(
      try await next(5, from: &keys) == [
        .character("a"), .character("b"), .up, .enter, .control("c"),
      ])
    try pipe.send(Array("é😀".utf8))
    #expect(try await next(2, from: &keys) == [.character("é"), .character("😀")])
  }

  @Test(arguments: InputWait.allCases)
  func loneEscapeArrivesAfterTheWait(wait: InputWait) async throws {
    let pipe = try Pipe()
    let reader = try KeyReader(fileDescriptor: pipe.readEnd, wait: wait)
    defer { reader.stop() }
    var keys = reader.keys.makeAsyncIterator()
    try pipe.send([0x1B])
    #expect(try await next(1, from: &keys) == [.escape])
    try pipe.send(Array("q".utf8))
    #expect(try await next(1, from: &keys) == [.character("q")])
  }

  @Test(arguments: InputWait.allCases)
  func endOfFileFinishesTheStreamAfterThePendingKeys(wait: InputWait) async throws {
    let pipe = try Pipe()
    let reader = try KeyReader(
      fileDescriptor: pipe.readEnd, escapeTimeout: .seconds(30), wait: wait)
    defer { reader.stop() }
    try pipe.send(Array("x".utf8) + [0x1B])
    pipe.closeWriteEnd()
    var received: [Key] = []
    for await key in reader.keys { received.append(key) }
    #expect(received == [.character("x"), .escape])
  }

  @Test(arguments: InputWait.allCases)
  func stopEndsTheStreamWhileWaitingForInput(wait: InputWait) async throws {
    let pipe = try Pipe()
    let reader = try KeyReader(fileDescriptor: pipe.readEnd, wait: wait)
    var keys = reader.keys.makeAsyncIterator()
    try pipe.send(Array("k".utf8))
    #expect(try await next(1, from: &keys) == [.character("k")])
    reader.stop()
    #expect(await keys.next() == nil)
    reader.stop()
  }

  @Test(arguments: InputWait.allCases)
  func stopBeforeAnyInputEndsAnEmptyStream(wait: InputWait) async throws {
    let pipe = try Pipe()
    let reader = try KeyReader(fileDescriptor: pipe.readEnd, wait: wait)
    reader.stop()
    var received: [Key] = []
    for await key in reader.keys { received.append(key) }
    #expect(received.isEmpty)
  }

  @Test(arguments: InputWait.allCases)
  func readsARawPseudoTerminal(wait: InputWait) async throws {
    let pair = try PseudoTerminalPair()
    var attributes = try pair.attributes()
    cfmakeraw(&attributes)
    try #require(tcsetattr(pair.terminal, TCSANOW, &attributes) == 0)
    let reader = try KeyReader(fileDescriptor: pair.terminal, wait: wait)
    defer { reader.stop() }
    var keys = reader.keys.makeAsyncIterator()
    try pair.send(bytes: Array("\u{1B}[5~\u{1B}OB\t\u{1B}[Z".utf8) + [0x7F])
    #expect(try await next(5, from: &keys) == [.pageUp, .down, .tab, .backTab, .backspace])
  }
}

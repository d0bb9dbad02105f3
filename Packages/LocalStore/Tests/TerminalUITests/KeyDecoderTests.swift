// The bytes terminals send for each key, and the keys KeyDecoder makes of them.

import Testing

@testable import TerminalUI

@Suite struct KeyDecoderTests {
  /// A byte sequence and the keys it must decode to once nothing more arrives.
  struct Case: CustomTestStringConvertible, Sendable {
    var bytes: [UInt8]
    var keys: [Key]
    var testDescription: String { bytes.map { String($0, radix: 16) }.joined(separator: " ") }

    init(_ text: String, _ keys: Key...) {
      bytes = Array(text.utf8)
      self.keys = keys
    }

    init(bytes: [UInt8], _ keys: Key...) {
      self.bytes = bytes
      self.keys = keys
    }
  }

  static let table: [Case] = [
    Case("a", .character("a")), Case("Z~ ", .character("Z"), .character("~"), .character(" ")),
    Case("\r", .enter), Case("\n", .enter), Case(bytes: [0x7F], .backspace),
    Case(bytes: [0x08], .backspace), Case("\t", .tab), Case("\u{1B}", .escape),
    Case(bytes: [0x01], .control("a")), Case(bytes: [0x03], .control("c")),
    Case(bytes: [0x1A], .control("z")), Case(bytes: [0x00], .control("@")),
    Case(bytes: [0x1C], .control("\\")), Case(bytes: [0x1F], .control("_")),
    Case("\u{1B}[A", .up), Case("\u{1B}[B", .down), Case("\u{1B}[C", .right),
    Case("\u{1B}[D", .left), Case("\u{1B}[H", .home), Case("\u{1B}[F", .end),
    Case("\u{1B}[1~", .home), Case("\u{1B}[7~", .home), Case("\u{1B}[4~", .end),
    Case("\u{1B}[8~", .end), Case("\u{1B}[5~", .pageUp), Case("\u{1B}[6~", .pageDown),
    Case("\u{1B}[3~", .delete), Case("\u{1B}[Z", .backTab), Case("\u{1B}[1;5A", .up),
    Case("\u{1B}[1;2D", .left), Case("\u{1B}[3;5~", .delete), Case("\u{1B}OA", .up),
    Case("\u{1B}OB", .down), Case("\u{1B}OC", .right), Case("\u{1B}OD", .left),
    Case("\u{1B}OH", .home), Case("\u{1B}OF", .end),
    Case("\u{1B}x", .escape, .character("x")), Case("\u{1B}\u{1B}", .escape, .escape),
    Case("\u{1B}\u{1B}[A", .escape, .up), Case("\u{1B}\r", .escape, .enter),
    Case("\u{1B}[2~", .unknown(Array("\u{1B}[2~".utf8))),
    Case("\u{1B}[15~", .unknown(Array("\u{1B}[15~".utf8))),
    Case("\u{1B}OP", .unknown(Array("\u{1B}OP".utf8))),
    Case("\u{1B}[<0;3;4M", .unknown(Array("\u{1B}[<0;3;4M".utf8))),
    Case("\u{1B}[[A", .unknown(Array("\u{1B}[[A".utf8))),
    Case("\u{1B}[1\u{03}", .unknown(Array("\u{1B}[1".utf8)), .control("c")),
    Case("é", .character("é")), Case("€", .character("€")),
    Case("日本", .character("日"), .character("本")),
    Case("😀", .character("😀")), Case("a\u{301}", .character("a"), .character("\u{301}")),
  ]

  @Test(arguments: table)
  func decodesWholeSequence(_ testCase: Case) {
    var decoder = KeyDecoder()
    let keys = decoder.decode(testCase.bytes) + decoder.finishPending()
    #expect(keys == testCase.keys)
    #expect(!decoder.hasPending)
  }

  @Test(arguments: table)
  func decodesOneByteAtATime(_ testCase: Case) {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for byte in testCase.bytes { keys += decoder.decode([byte]) }
    keys += decoder.finishPending()
    #expect(keys == testCase.keys)
  }

  @Test(arguments: ["\u{1B}[1;5A", "\u{1B}[6~", "\u{1B}OH", "😀", "€", "日"])
  func completeKeyNeedsNoWaitWhereverTheReadSplitsIt(_ text: String) throws {
    let bytes = Array(text.utf8)
    var whole = KeyDecoder()
    let expected = whole.decode(bytes)
    try #require(expected.count == 1)
    for split in 1..<bytes.count {
      var decoder = KeyDecoder()
      let first = decoder.decode(bytes[..<split])
      #expect(first.isEmpty, "split at \(split)")
      #expect(decoder.hasPending)
      #expect(decoder.decode(bytes[split...]) == expected, "split at \(split)")
      #expect(!decoder.hasPending)
    }
  }

  @Test func loneEscapeWaitsForTheTimeout() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.finishPending() == [.escape])
    #expect(!decoder.hasPending)
    #expect(decoder.finishPending().isEmpty)
  }

  @Test func escapeFollowedBySequenceInTheNextReadIsOneKey() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.decode(Array("[B".utf8)) == [.down])
  }

  @Test func escapeThenBracketAfterTheTimeoutAreTwoKeys() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[".utf8)).isEmpty)
    #expect(decoder.finishPending() == [.escape, .character("[")])
    var second = KeyDecoder()
    #expect(second.decode(Array("\u{1B}O".utf8)).isEmpty)
    #expect(second.finishPending() == [.escape, .character("O")])
  }

  @Test func cutOffSequenceAfterTheTimeoutIsUnknown() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[1;5".utf8)).isEmpty)
    #expect(decoder.finishPending() == [.unknown(Array("\u{1B}[1;5".utf8))])
  }

  @Test func overlongSequenceIsOneUnknownKeyAndItsRestIsDropped() throws {
    var decoder = KeyDecoder()
    let long = "\u{1B}[" + String(repeating: "1;", count: 40)
    var keys = decoder.decode(Array(long.utf8))
    keys += decoder.decode(Array("1~x".utf8))
    keys += decoder.finishPending()
    try #require(keys.count == 2)
    guard case .unknown(let bytes) = keys[0] else {
      Issue.record("expected an unknown key, got \(keys)")
      return
    }
    #expect(bytes.count == KeyDecoder.maximumSequenceLength)
    #expect(keys[1] == .character("x"))
  }

  @Test(arguments: [
    ([0xFF] as [UInt8], ["\u{FFFD}"] as [Character]),
    ([0x80], ["\u{FFFD}"]),
    ([0xC0, 0xAF], ["\u{FFFD}", "\u{FFFD}"]),
    ([0xE0, 0x80, 0x80], ["\u{FFFD}", "\u{FFFD}", "\u{FFFD}"]),
    ([0xED, 0xA0, 0x80], ["\u{FFFD}", "\u{FFFD}", "\u{FFFD}"]),
    ([0xF4, 0x90, 0x80, 0x80], ["\u{FFFD}", "\u{FFFD}", "\u{FFFD}", "\u{FFFD}"]),
    ([0xE2, 0x82, 0x41], ["\u{FFFD}", "A"]),
    ([0xC3, 0xA9, 0xC3], ["é", "\u{FFFD}"]),
    ([0xF0, 0x9F, 0x98], ["\u{FFFD}"]),
  ])
  func invalidUTF8BecomesReplacementCharacters(bytes: [UInt8], expected: [Character]) {
    var decoder = KeyDecoder()
    let keys = decoder.decode(bytes) + decoder.finishPending()
    #expect(keys == expected.map(Key.character))
  }

  @Test func truncatedCharacterWaitsForTheRestBeforeTheTimeout() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0xF0, 0x9F]).isEmpty)
    #expect(decoder.decode([0x98]).isEmpty)
    #expect(decoder.decode([0x80, 0x61]) == [.character("😀"), .character("a")])
  }
}

// The escape sequences and UTF-8 characters KeyDecoder understands.

extension KeyDecoder {
  /// Decodes Escape, or a CSI (`ESC [`) or SS3 (`ESC O`) sequence.
  ///
  /// Escape followed by any other byte is Escape and then that byte's key, so Escape typed
  /// quickly before another key is not lost.
  static func decodeEscape(_ bytes: ArraySlice<UInt8>, isFinal: Bool) -> Step? {
    let start = bytes.startIndex
    guard bytes.count > 1 else {
      return isFinal ? Step(keys: [.escape], length: 1) : nil
    }
    let introducer = bytes[start + 1]
    guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
      return Step(keys: [.escape], length: 1)
    }
    var index = start + 2
    while index < bytes.endIndex {
      let byte = bytes[index]
      let isLinuxConsoleFunctionKey =
        introducer == UInt8(ascii: "[") && index == start + 2 && byte == UInt8(ascii: "[")
      switch byte {
      case 0x40...0x7E where !isLinuxConsoleFunctionKey:
        let sequence = Array(bytes[start...index])
        return Step(keys: [key(forSequence: sequence)], length: sequence.count)
      case 0x20...0x3F, UInt8(ascii: "["):
        guard index - start + 1 < maximumSequenceLength else {
          return Step(
            keys: [.unknown(Array(bytes[start...index]))], length: index - start + 1,
            isCutShort: true)
        }
        index += 1
      default:
        // A byte that cannot be part of a sequence: the sequence so far is unknown, and the
        // byte is decoded on its own.
        return Step(keys: [.unknown(Array(bytes[start..<index]))], length: index - start)
      }
    }
    guard isFinal else { return nil }
    if bytes.count == 2 { return Step(keys: [.escape], length: 1) }
    return Step(keys: [.unknown(Array(bytes))], length: bytes.count)
  }

  /// The key for a complete `ESC [ ... final` or `ESC O ... final` sequence.
  static func key(forSequence sequence: [UInt8]) -> Key {
    let final = sequence[sequence.count - 1]
    let parameters = sequence[2..<(sequence.count - 1)]
    // Only plain numeric parameters (`1;5`) name a key; private forms such as `<`, `?` or
    // `>` are reports and mouse events.
    guard parameters.allSatisfy({ (0x30...0x3B).contains($0) }) else { return .unknown(sequence) }
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z") where sequence[1] == UInt8(ascii: "["): return .backTab
    case UInt8(ascii: "~") where sequence[1] == UInt8(ascii: "["):
      let first = parameters.prefix { $0 != UInt8(ascii: ";") }
      switch String(decoding: first, as: UTF8.self) {
      case "1", "7": return .home
      case "4", "8": return .end
      case "5": return .pageUp
      case "6": return .pageDown
      case "3": return .delete
      default: return .unknown(sequence)
      }
    default:
      return .unknown(sequence)
    }
  }

  /// Decodes one UTF-8 character; bytes that are not UTF-8 become U+FFFD, one per maximal
  /// invalid part, as the Unicode standard recommends.
  static func decodeUTF8(_ bytes: ArraySlice<UInt8>, isFinal: Bool) -> Step? {
    let start = bytes.startIndex
    let lead = bytes[start]
    let continuationCount: Int
    var scalar: UInt32
    switch lead {
    case 0xC2...0xDF: (continuationCount, scalar) = (1, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (continuationCount, scalar) = (2, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (continuationCount, scalar) = (3, UInt32(lead & 0x07))
    default: return replacement(length: 1)
    }
    for offset in 1...continuationCount {
      guard start + offset < bytes.endIndex else {
        return isFinal ? replacement(length: offset) : nil
      }
      let byte = bytes[start + offset]
      guard allowedContinuation(lead: lead, offset: offset).contains(byte) else {
        return replacement(length: offset)
      }
      scalar = scalar << 6 | UInt32(byte & 0x3F)
    }
    guard let decoded = Unicode.Scalar(scalar) else { return replacement(length: 1) }
    return Step(keys: [.character(Character(decoded))], length: continuationCount + 1)
  }

  /// The bytes allowed at `offset` after `lead`; the narrower second-byte ranges rule out
  /// overlong forms, surrogates and values past U+10FFFF.
  static func allowedContinuation(lead: UInt8, offset: Int) -> ClosedRange<UInt8> {
    guard offset == 1 else { return 0x80...0xBF }
    switch lead {
    case 0xE0: return 0xA0...0xBF
    case 0xED: return 0x80...0x9F
    case 0xF0: return 0x90...0xBF
    case 0xF4: return 0x80...0x8F
    default: return 0x80...0xBF
    }
  }

  /// U+FFFD standing for `length` bytes that are not UTF-8.
  static func replacement(length: Int) -> Step {
    Step(keys: [.character("\u{FFFD}")], length: length)
  }
}

// Turns the bytes a terminal sends in raw mode into keys, across as many reads as it takes.

/// Decodes terminal input into ``Key`` values, keeping unfinished sequences between reads.
///
/// A read can end in the middle of an escape sequence or of a UTF-8 character; those bytes
/// stay pending until the next ``decode(_:)``. A lone Escape cannot be told apart from the
/// start of a sequence by its bytes alone, so the caller waits briefly for more input and
/// then calls ``finishPending()``, which decides with what it has. ``KeyReader`` does that.
public struct KeyDecoder: Sendable {
  /// Bytes of a key that has not arrived completely.
  private var pending: [UInt8] = []
  /// Set after an overlong sequence was cut: the rest of it is dropped up to its final byte,
  /// so its parameters do not arrive as typed text.
  private var isSkippingSequence = false

  /// A decoder with nothing pending.
  public init() {}

  /// Whether bytes are waiting for the rest of their key, so the caller should wait briefly
  /// and then call ``finishPending()``.
  public var hasPending: Bool { !pending.isEmpty }

  /// Decodes `bytes` after whatever was pending, and keeps an unfinished key for later.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    return drain(isFinal: false)
  }

  /// Decodes what is pending as if no more bytes will follow: a lone Escape becomes
  /// ``Key/escape``, a cut-off UTF-8 character becomes U+FFFD and a cut-off escape sequence
  /// becomes ``Key/unknown(_:)`` (or Escape and the next key, when only its first two bytes came).
  public mutating func finishPending() -> [Key] {
    defer { isSkippingSequence = false }
    return drain(isFinal: true)
  }

  private mutating func drain(isFinal: Bool) -> [Key] {
    var keys: [Key] = []
    var start = pending.startIndex
    while start < pending.endIndex {
      if isSkippingSequence {
        let byte = pending[start]
        isSkippingSequence = (0x20...0x3F).contains(byte)
        if isSkippingSequence || (0x40...0x7E).contains(byte) { start += 1 }
        continue
      }
      guard let step = Self.decodeOne(pending[start...], isFinal: isFinal) else { break }
      keys.append(contentsOf: step.keys)
      start += step.length
      isSkippingSequence = step.isCutShort
    }
    pending.removeFirst(start - pending.startIndex)
    return keys
  }
}

extension KeyDecoder {
  /// The keys decoded from the start of some bytes, and how many bytes they used.
  struct Step {
    var keys: [Key]
    var length: Int
    /// Whether the bytes were the start of an escape sequence too long to keep.
    var isCutShort = false
  }

  /// The escape byte that starts every sequence.
  static let escapeByte: UInt8 = 0x1B
  /// The longest escape sequence kept waiting for its final byte; longer ones are unknown.
  static let maximumSequenceLength = 32

  /// Decodes the first key of `bytes`, or returns `nil` when more bytes are needed and
  /// `isFinal` is false.
  static func decodeOne(_ bytes: ArraySlice<UInt8>, isFinal: Bool) -> Step? {
    let first = bytes[bytes.startIndex]
    switch first {
    case escapeByte:
      return decodeEscape(bytes, isFinal: isFinal)
    case 0x00..<0x20, 0x7F:
      return Step(keys: [controlKey(first)], length: 1)
    case 0x20..<0x7F:
      return Step(keys: [.character(Character(Unicode.Scalar(first)))], length: 1)
    default:
      return decodeUTF8(bytes, isFinal: isFinal)
    }
  }

  /// The key for a C0 control byte or DEL.
  static func controlKey(_ byte: UInt8) -> Key {
    switch byte {
    case 0x0D, 0x0A: .enter
    case 0x7F, 0x08: .backspace
    case 0x09: .tab
    case 0x01...0x1A: .control(Character(Unicode.Scalar(byte + 0x60)))
    default: .control(Character(Unicode.Scalar(byte + 0x40)))
    }
  }
}

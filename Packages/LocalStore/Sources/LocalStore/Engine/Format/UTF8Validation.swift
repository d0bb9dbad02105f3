// Finds the first byte that is not valid UTF-8, which JSONDecoder does not check everywhere.

import Foundation

/// Checks that bytes are well-formed UTF-8, eight ASCII bytes at a time.
///
/// `JSONDecoder` reports invalid UTF-8 only in the values it decodes, and without a position.
/// This pass covers the whole file and says where; JSON is mostly ASCII, so it runs at
/// memory speed.
enum UTF8Validation {
  /// The offset of the first byte of the first ill-formed sequence, or `nil` if all is valid.
  static func firstInvalidOffset(in bytes: some ContiguousBytes) -> Int? {
    bytes.withUnsafeBytes(firstInvalidOffset(in:))
  }

  /// The same for raw memory: the well-formedness rules of Unicode's table 3-7.
  static func firstInvalidOffset(in buffer: UnsafeRawBufferPointer) -> Int? {
    guard let base = buffer.baseAddress else { return nil }
    let count = buffer.count
    var index = 0
    while index < count {
      while index + 8 <= count,
        base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index += 8
      }
      guard index < count else { break }
      let lead = buffer[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      var second: ClosedRange<UInt8> = 0x80...0xBF
      let length: Int
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, second) = (3, 0xA0...0xBF)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, second) = (3, 0x80...0x9F)
      case 0xF0: (length, second) = (4, 0x90...0xBF)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, second) = (4, 0x80...0x8F)
      default: return index
      }
      guard index + length <= count, second.contains(buffer[index + 1]) else { return index }
      for offset in 2..<length where !(0x80...0xBF).contains(buffer[index + offset]) {
        return index
      }
      index += length
    }
    return nil
  }
}

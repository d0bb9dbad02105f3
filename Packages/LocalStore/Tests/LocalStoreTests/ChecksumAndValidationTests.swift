// The fast CRC-32C and UTF-8 checks agree with their definitions, byte for byte.

import Foundation
import Testing

@testable import LocalStore

@Suite struct ChecksumAndValidationTests {
  /// The bit-at-a-time definition of CRC-32C, to compare the fast version against.
  private func referenceCRC(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
    }
    return ~crc
  }

  @Test func crcMatchesTheStandardCheckValue() {
    #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
    #expect(CRC32C.checksum([UInt8]()) == 0)
  }

  @Test func crcMatchesTheDefinitionAtEveryLengthAndChains() {
    var generator = SystemRandomNumberGenerator()
    for length in 0..<200 {
      let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
      #expect(CRC32C.checksum(bytes) == referenceCRC(bytes), "length \(length)")
      let cut = length / 3
      let chained = CRC32C.checksum(
        bytes[cut...], continuing: CRC32C.checksum(bytes[..<cut]))
      #expect(chained == referenceCRC(bytes), "chained at \(cut) of \(length)")
    }
  }

  @available(macOS 15, iOS 18, *)
  @Test func utf8ValidationAgreesWithTheStandardLibrary() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] =
      Array("ab\"{}".utf8) + [
        0x80, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF, 0xA0, 0x9F, 0x90,
      ]
    for _ in 0..<5_000 {
      let length = Int.random(in: 0..<24, using: &generator)
      let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
      let valid = String(validating: bytes, as: UTF8.self) != nil
      let offset = UTF8Validation.firstInvalidOffset(in: bytes)
      #expect((offset == nil) == valid, "\(bytes)")
      if let offset {
        #expect(String(validating: bytes[..<offset], as: UTF8.self) != nil, "\(bytes)")
      }
    }
  }

  @Test func utf8ValidationFindsTheOffsetAfterLongAsciiRuns() {
    let text = Array(String(repeating: "plain ascii ", count: 20).utf8)
    #expect(UTF8Validation.firstInvalidOffset(in: text + Array("é€😀".utf8)) == nil)
    #expect(UTF8Validation.firstInvalidOffset(in: text + [0xED, 0xA0, 0x80]) == text.count)
    #expect(UTF8Validation.firstInvalidOffset(in: text + [0xE2, 0x82]) == text.count)
  }
}

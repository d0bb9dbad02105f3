// Strict UTF-8 decoding, which takes the place of String(validating:as:) (macOS 15) at the floor.
import Testing

@testable import Models

@Suite struct StrictUTF8Tests {
  @Test(arguments: [
    ([], ""),
    (Array("plain".utf8), "plain"),
    (Array("é and 中 and 🦄".utf8), "é and 中 and 🦄"),
    ([0xEF, 0xBF, 0xBD], "\u{FFFD}"),  // a replacement character in the input is valid
  ])
  func validBytesDecodeUnchanged(bytes: [UInt8], expected: String) {
    #expect(String(strictUTF8: bytes) == expected)
  }

  @Test(
    arguments: [
      [0x80],  // a continuation byte alone
      [0xC0, 0xAF],  // an overlong encoding of "/"
      [0xE0, 0x80, 0xAF],  // an overlong three-byte form
      [0xED, 0xA0, 0x80],  // a surrogate
      [0xF4, 0x90, 0x80, 0x80],  // beyond U+10FFFF
      [0x61, 0xE2, 0x82],  // cut off at the end
      [0xFF],
    ] as [[UInt8]])
  func invalidBytesAreRefused(bytes: [UInt8]) {
    #expect(String(strictUTF8: bytes) == nil)
    #expect(String(strictUTF8: bytes[...]) == nil)
  }

  @available(macOS 15, iOS 18, *)
  @Test func agreesWithTheStandardLibrarysValidator() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [
      0x61, 0x80, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
    ]
    for _ in 0..<5_000 {
      let length = Int.random(in: 0..<12, using: &generator)
      let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
      #expect(String(strictUTF8: bytes) == String(validating: bytes, as: UTF8.self), "\(bytes)")
    }
  }
}

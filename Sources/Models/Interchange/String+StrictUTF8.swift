// Decodes bytes as UTF-8 only if they are valid UTF-8, on every platform the package supports.

extension String {
  /// The bytes as a string if they are valid UTF-8, otherwise `nil`.
  ///
  /// `String(validating:as:)` does this from macOS 15 and iOS 18, above this package's floor.
  /// `String(decoding:as:)` is available everywhere but replaces each invalid sequence with
  /// U+FFFD, so the bytes are valid exactly when the decoded string's UTF-8 is the bytes
  /// themselves (a U+FFFD that was in the input is kept byte for byte).
  init?(strictUTF8 bytes: some Collection<UInt8>) {
    let decoded = String(decoding: bytes, as: UTF8.self)
    guard decoded.utf8.elementsEqual(bytes) else { return nil }
    self = decoded
  }
}

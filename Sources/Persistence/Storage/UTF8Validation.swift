// Finds the first byte that is not valid UTF-8, which JSONDecoder does not reliably report.

/// Checks that bytes are well-formed UTF-8.
enum UTF8Validation {
  /// The offset of the first byte of the first ill-formed sequence, or `nil` if all is valid.
  static func firstInvalidOffset(in bytes: some Collection<UInt8>) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }
}

// Case 3: decoding a field with `String(validating:as:)` (macOS 15 / iOS 18).
func field(_ bytes: ArraySlice<UInt8>) -> String? {
  String(validating: bytes, as: UTF8.self)
}

func argument(_ bytes: [UInt8]) -> String? {
  guard let argument = String(validating: bytes, as: UTF8.self) else {
    return nil
  }
  return argument
}

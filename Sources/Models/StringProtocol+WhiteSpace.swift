// Trimming white space in plain Swift, fast enough for every field of a 100,000-row import.

extension StringProtocol {
  /// The text without white space or line breaks at either end.
  ///
  /// Swift's `Character.isWhitespace` decides what white space is. Unlike Foundation's
  /// `trimmingCharacters(in:)`, it costs nothing when there is nothing to trim, the usual case.
  func trimmingWhiteSpace() -> SubSequence {
    guard let start = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return self[endIndex...] }
    return self[start...last]
  }
}

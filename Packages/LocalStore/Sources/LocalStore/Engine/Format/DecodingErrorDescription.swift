// Turns a DecodingError into a sentence with the key path of the bad value.

/// Describes decoding errors for people: `at items[3].createdAt: ...`.
enum DecodingErrorDescription {
  /// The description, or `nil` for a syntax error, which carries no location of its own.
  static func describe(_ error: DecodingError) -> String? {
    let context: DecodingError.Context
    let summary: String
    switch error {
    case .dataCorrupted(let details):
      guard !details.codingPath.isEmpty else { return nil }
      (context, summary) = (details, details.debugDescription)
    case .keyNotFound(let key, let details):
      (context, summary) = (details, "the key \"\(key.stringValue)\" is missing")
    case .typeMismatch(_, let details), .valueNotFound(_, let details):
      (context, summary) = (details, details.debugDescription)
    @unknown default:
      return "\(error)"
    }
    guard !context.codingPath.isEmpty else { return "at the top level: \(summary)" }
    return "at \(keyPath(context.codingPath)): \(summary)"
  }

  /// `items[3].tags[0]`.
  private static func keyPath(_ path: [any CodingKey]) -> String {
    path.enumerated().map { index, key in
      if let position = key.intValue { return "[\(position)]" }
      return index == 0 ? key.stringValue : "." + key.stringValue
    }.joined()
  }
}

// Search text prepared once, so that matching it against many questions costs a byte scan each.

import Foundation

/// The words a person typed in a search box, folded for matching.
///
/// Every word must occur in the prompt, the answer or a tag, ignoring case and diacritics.
/// Folding the query once, and each question once as a ``SearchKey``, turns a search of
/// 100,000 questions into a scan of their bytes instead of 100,000 Unicode-aware comparisons
/// per keystroke.
public struct SearchQuery: Hashable, Sendable {
  /// The folded UTF-8 bytes of each word.
  private let words: [[UInt8]]

  /// Prepares `text`, split into words at white space.
  public init(_ text: String) {
    words = text.split(whereSeparator: \.isWhitespace).map { SearchKey.folded($0) }
  }

  /// Whether the query has no words, and so matches every question.
  public var isEmpty: Bool { words.isEmpty }

  /// Whether every word occurs in `key`.
  public func matches(_ key: SearchKey) -> Bool {
    words.allSatisfy { key.contains($0) }
  }
}

/// A question's searchable text, folded once for many ``SearchQuery`` matches.
public struct SearchKey: Hashable, Sendable {
  /// The folded prompt, answer and tags, separated by newlines so no word spans two fields.
  private let bytes: [UInt8]

  /// The key of `question`.
  public init(_ question: Question) {
    bytes = Self.folded(
      ([question.prompt, question.answer] + question.tags).joined(separator: "\n"))
  }

  /// `text` without case and diacritics, as UTF-8.
  ///
  /// ASCII text, the common case, is lowercased byte by byte; Foundation's folding, which
  /// costs far more, runs only on text with other characters.
  static func folded(_ text: some StringProtocol) -> [UInt8] {
    var bytes = Array(text.utf8)
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
      return Array(String(text).folding(options: options, locale: nil).utf8)
    }
    for index in bytes.indices where (0x41...0x5A).contains(bytes[index]) {
      bytes[index] |= 0x20
    }
    return bytes
  }

  /// Whether `word` occurs in the key.
  func contains(_ word: [UInt8]) -> Bool {
    guard let first = word.first else { return true }
    guard word.count <= bytes.count else { return false }
    var index = 0
    let last = bytes.count - word.count
    while index <= last {
      if bytes[index] == first, bytes[index..<index + word.count].elementsEqual(word) {
        return true
      }
      index += 1
    }
    return false
  }
}

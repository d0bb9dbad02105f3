// How a question is matched by the search box and by a tag filter.

import Foundation

extension Question {
  /// Whether the question matches a search text typed by a person.
  ///
  /// The text is split into words; every word must occur in the prompt, the answer or one
  /// of the tags, ignoring case and diacritics. Blank text matches every question. To search
  /// many questions, prepare a ``SearchQuery`` once and match it against their ``SearchKey``s.
  ///
  /// - Parameter searchText: What the person typed.
  /// - Returns: `true` when every word of the text is found.
  public func matches(searchText: String) -> Bool {
    SearchQuery(searchText).matches(SearchKey(self))
  }

  /// Whether the question is filed under a tag, ignoring case.
  ///
  /// - Parameter tag: The tag to look for.
  /// - Returns: `true` when one of ``tags`` equals `tag` apart from case.
  public func hasTag(_ tag: String) -> Bool {
    tags.contains { $0.caseInsensitiveCompare(tag) == .orderedSame }
  }
}

/// Narrowing a sequence of questions to one tag, as the list and the quiz do.
extension Sequence<Question> {
  /// The questions filed under `tag`, ignoring case, in order; all of them when `tag` is `nil`.
  ///
  /// - Parameter tag: The tag every returned question has, or `nil` for no filter.
  /// - Returns: The matching questions.
  public func tagged(_ tag: String?) -> [Question] {
    guard let tag else { return Array(self) }
    return filter { $0.hasTag(tag) }
  }
}

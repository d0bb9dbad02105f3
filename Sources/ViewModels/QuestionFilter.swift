// What a search of the question list looks in, and how its tag filter matches.

import FlowKit
import Models

/// The search and tag filter of ``QuestionListViewModel``: a question matches a search when
/// its prompt, answer or tags contain every word, ignoring case and accents, and a tag when
/// it has that tag, ignoring case.
///
/// It keeps each question's folded search key (a ``/Models/SearchKey``) while the question is
/// unchanged, so a search box that filters on every keystroke folds 100,000 questions once.
nonisolated public struct QuestionFilter: ListFilter {
  private var index = SearchIndex()

  /// A filter with no search key folded yet.
  public init() {}

  /// The questions of `items` that have `tag` and match every word of `searchText`, in order.
  public mutating func filter(
    _ items: [Question], searchText: String, tag: String?
  ) -> [Question] {
    index.filter(items.tagged(tag), by: SearchQuery(searchText))
  }
}

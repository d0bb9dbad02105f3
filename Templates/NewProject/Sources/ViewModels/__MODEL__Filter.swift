// What a search of the __model__ list looks in, and how its tag filter matches.

import FlowKit
import Models

/// The search and tag filter of ``__MODEL__ListViewModel``: a value matches a search when
/// every word appears in it (``/Models/__MODEL__/matches(_:)``), and a tag when it carries
/// that tag.
nonisolated public struct __MODEL__Filter: ListFilter {
  /// A filter; it remembers nothing between searches.
  public init() {}

  /// The values of `items` that carry `tag` and match every word of `searchText`, in order.
  public func filter(_ items: [__MODEL__], searchText: String, tag: String?) -> [__MODEL__] {
    items.filter { item in
      // fields: list-filter
      (tag.map { item.tags.contains($0) } ?? true) && item.matches(searchText)
      // fields: end
    }
  }
}

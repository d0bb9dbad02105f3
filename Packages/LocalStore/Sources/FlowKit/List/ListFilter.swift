// How a list picks the values it shows: a search and a tag, worded for one model.

/// The search and the tag filter of an ``ItemList``: which stored values it shows.
///
/// A model's list names one: what a search looks in, and which of a value's fields its tag
/// filter reads, are about the model; everything else the list does is not. A filter may keep
/// state between calls, such as search keys it folded once and reuses while their values are
/// unchanged, so that typing a search over 100,000 values does not fold them all again.
public protocol ListFilter<Item> {
  /// The values the list holds.
  associatedtype Item: Identifiable & Equatable & Sendable where Item.ID: Sendable

  /// A filter with nothing remembered yet.
  init()

  /// The values of `items` that match every word of `searchText` (all of them when it is
  /// empty) and carry `tag` (any when it is `nil`), in their order.
  mutating func filter(_ items: [Item], searchText: String, tag: String?) -> [Item]
}

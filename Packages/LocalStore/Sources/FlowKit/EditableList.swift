// What a page flow asks of the list it shows: find a value, save one unless it changed, delete one.

/// The list a ``PageFlow`` shows and changes: a view model over one store.
///
/// A failure is the list's own observable state (an error message it shows); these methods
/// only say whether they worked, so the flow knows whether to close what it answered.
@MainActor
public protocol EditableList<Item>: AnyObject {
  /// The values the list holds.
  associatedtype Item: Identifiable & Equatable & Sendable

  /// The value with `id`, whatever the list's filters; `nil` when the store has none.
  func item(withID id: Item.ID) -> Item?

  /// Saves `item` only if the store still holds `original` under its id (`nil`: nothing).
  func save(_ item: Item, ifUnchangedSince original: Item?) async -> SaveOutcome<Item>

  /// Deletes the value with `id`; `false` when the store refused.
  func remove(_ id: Item.ID) async -> Bool
}

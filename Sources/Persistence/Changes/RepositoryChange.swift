// What changed in a repository, as its change feed tells a subscriber.

/// A change to a ``Repository``, delivered by ``Repository/changes()`` once it is durable.
///
/// Either the IDs of the items saved or deleted, or "anything may have changed" when the
/// repository read other writers' changes, or when several changes were merged for a slow
/// subscriber. A subscriber usually reads ``Repository/loadAll()`` once per change; the IDs
/// let it skip work when none of the items it shows are involved.
public struct RepositoryChange<ID: Hashable & Sendable>: Sendable, Equatable {
  /// The IDs of the items saved or deleted; `nil` when anything may have changed.
  public private(set) var ids: Set<ID>?

  /// A change of the items with `ids`.
  public init(ids: some Sequence<ID>) {
    self.ids = Set(ids)
  }

  private init(anything: Void) {
    ids = nil
  }

  /// A change of unknown extent: read everything again.
  public static var anything: RepositoryChange { RepositoryChange(anything: ()) }

  /// Whether the change may involve the item with the ID `id`.
  public func involves(_ id: ID) -> Bool {
    ids?.contains(id) ?? true
  }

  /// This change and `other` as one: the union of their IDs.
  public func merging(_ other: RepositoryChange) -> RepositoryChange {
    guard let ids, let otherIDs = other.ids else { return .anything }
    return RepositoryChange(ids: ids.union(otherIDs))
  }
}

// What changed in a repository, as its change feed tells a subscriber.

/// A change to a ``Repository``, delivered by ``Repository/changes()`` once it is durable.
///
/// Either the IDs of the items saved or deleted, or "anything may have changed" when the
/// repository read other writers' changes, or when several changes were merged for a slow
/// subscriber. A subscriber usually reads ``Repository/loadAll()`` once per change; the IDs
/// let it skip work when none of the items it shows are involved.
///
/// A change may also carry a ``failure``: the repository could not read other writers'
/// changes, and shows what it last read until it can.
public struct RepositoryChange<ID: Hashable & Sendable>: Sendable, Equatable {
  /// The IDs of the items saved or deleted; `nil` when anything may have changed.
  public private(set) var ids: Set<ID>?

  /// Why the repository could not read other writers' changes, or `nil` when it could.
  ///
  /// A repository that follows its files (such as ``LocalRepository``) sends one such change
  /// when reading them first fails: its folder replaced by a file, no descriptor left, the
  /// lock held by another writer for too long. It keeps the items it last read and tries
  /// again; the next change without a failure says that it read the files again. Show it,
  /// so that a list that stopped following does not look current.
  public private(set) var failure: PersistenceError?

  /// A change of the items with `ids`.
  public init(ids: some Sequence<ID>) {
    self.ids = Set(ids)
  }

  private init(anything: Void) {
    ids = nil
  }

  /// A change of unknown extent: read everything again.
  public static var anything: RepositoryChange { RepositoryChange(anything: ()) }

  /// The repository could not read other writers' changes, for the reason `error` gives:
  /// anything may have changed meanwhile.
  public static func failed(_ error: PersistenceError) -> RepositoryChange {
    var change = RepositoryChange.anything
    change.failure = error
    return change
  }

  /// Whether the change may involve the item with the ID `id`.
  public func involves(_ id: ID) -> Bool {
    ids?.contains(id) ?? true
  }

  /// This change and `other`, a later one, as one: the union of their IDs, and the failure
  /// of `other`, which says how things stand now.
  public func merging(_ other: RepositoryChange) -> RepositoryChange {
    var merged = RepositoryChange.anything
    if let ids, let otherIDs = other.ids { merged.ids = ids.union(otherIDs) }
    merged.failure = other.failure
    return merged
  }
}

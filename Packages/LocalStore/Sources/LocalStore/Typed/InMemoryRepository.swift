// A repository that keeps its items in memory only: the fake for tests and previews.

/// A ``Repository`` that stores nothing on disk.
///
/// It behaves like ``LocalRepository`` (same ordering, same replace-by-ID rule), so code
/// tested against it behaves the same against the real store. To rehearse failures, give it
/// an error with ``failWrites(with:)``: every change then throws it and changes nothing, as a
/// ``LocalRepository`` does when its disk refuses a write.
public actor InMemoryRepository<Item: Identifiable & Sendable>: Repository
where Item.ID: Sendable {
  private var cache = OrderedCache<Item.ID, Item>()
  private var writeFailure: (any Error)?
  private let feed = ChangeFeed<Item.ID>()

  /// Creates a repository holding `items`, in order; a later item replaces an earlier one
  /// with the same ID.
  public init(_ items: [Item] = []) {
    for item in items { cache.update(item, forKey: item.id) }
  }

  /// Makes every following change throw `error` without changing anything; `nil` restores
  /// normal behaviour.
  public func failWrites(with error: (any Error & Sendable)?) {
    writeFailure = error
  }

  /// Inserts `item`, or replaces the item with the same ID.
  public func save(_ item: Item) throws {
    try save(contentsOf: CollectionOfOne(item))
  }

  /// Inserts or replaces every item of `items` as one change.
  public func save<Items: Sequence & Sendable>(contentsOf items: Items) throws
  where Items.Element == Item {
    if let writeFailure { throw writeFailure }
    var ids: [Item.ID] = []
    for item in items {
      cache.update(item, forKey: item.id)
      ids.append(item.id)
    }
    feed.publish(RepositoryChange(ids: ids))
  }

  /// Stores `item` only if no item has its ID, and returns whether it did; see
  /// ``Repository/insert(_:)``.
  public func insert(_ item: Item) throws -> Bool {
    if let writeFailure { throw writeFailure }
    return try save(item, if: { $0 == nil })
  }

  /// Changes the item stored under `id` with `transform` and saves the result, in one
  /// isolated step; returns the item as saved, or `nil` when there is none. See
  /// ``Repository/update(_:_:)``: the same, with `transform` called once.
  ///
  /// - Throws: What `transform` throws, or the error given to ``failWrites(with:)``; nothing
  ///   is changed then.
  public func update(
    _ id: Item.ID, _ transform: @Sendable (inout Item) throws -> Void
  ) throws
    -> Item?
  {
    guard var item = cache[id] else { return nil }
    try transform(&item)
    try save(item)
    return item
  }

  /// Stores `item` only if `condition` holds for the item stored under its ID, and returns
  /// whether it did; see ``Repository/save(_:if:)``.
  public func save(_ item: Item, if condition: @Sendable (Item?) -> Bool) throws -> Bool {
    if let writeFailure { throw writeFailure }
    guard condition(cache[item.id]) else { return false }
    cache.update(item, forKey: item.id)
    feed.publish(RepositoryChange(ids: [item.id]))
    return true
  }

  /// Removes the item with the ID `id`, if any.
  public func delete(_ id: Item.ID) throws {
    try delete(ids: CollectionOfOne(id))
  }

  /// Removes the items with the given IDs as one change.
  public func delete<IDs: Sequence & Sendable>(ids: IDs) throws where IDs.Element == Item.ID {
    if let writeFailure { throw writeFailure }
    let ids = Array(ids)
    for id in ids { cache.removeValue(forKey: id) }
    cache.compactIfSparse()
    feed.publish(RepositoryChange(ids: ids))
  }

  /// The item with the ID `id`, or `nil`.
  public func find(by id: Item.ID) -> Item? {
    cache[id]
  }

  /// Every item, in insertion order.
  public func loadAll() -> [Item] {
    cache.values
  }

  /// The changes from now on, in order; see ``Repository/changes()``.
  public func changes() -> RepositoryChanges<Item.ID> {
    feed.subscribe {}
  }

  /// Returns at once: nothing here is ever on disk; see ``Repository/synchronize()``.
  public func synchronize() {}
}

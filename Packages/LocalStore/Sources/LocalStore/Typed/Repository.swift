// The operations every store of identifiable values offers, live on disk or in memory.

/// A store of identifiable values, isolated to an actor.
///
/// ``LocalRepository`` keeps its values in a file; ``InMemoryRepository`` keeps them in
/// memory only, for tests and previews; `SQLiteRepository` (in the `LocalStoreSQLite`
/// module) keeps them in a SQLite database, for stores larger than memory; `SyncedRepository`
/// (in the `LocalStoreSync` module) keeps them in a journal store with each item's sync
/// state, for a store that syncs with a server. View models
/// depend on this protocol, so any of them can be passed in. One shared test suite checks
/// that they behave the same way.
///
/// Values come back in insertion order: a value keeps the position of its first save when it
/// is saved again. Saving an item replaces any item with the same `ID`.
public protocol Repository<Item>: Actor {
  /// The type of value stored.
  associatedtype Item: Identifiable & Sendable where Item.ID: Sendable

  /// Inserts `item`, or replaces the item with the same ID.
  ///
  /// - Throws: When the change could not be stored; the repository is then unchanged.
  func save(_ item: Item) async throws

  /// Inserts or replaces every item of `items` as one change; a later item wins over an
  /// earlier one with the same ID.
  ///
  /// - Throws: When the change could not be stored; the repository is then unchanged.
  func save<Items: Sequence & Sendable>(contentsOf items: Items) async throws
  where Items.Element == Item

  /// Stores `item` only if no item has its ID, checking and inserting in one isolated step,
  /// and returns whether it did.
  ///
  /// Use it to claim an ID that another writer may claim at the same moment, such as one
  /// made from the current time: `while try await !repository.insert(item) { item.id += 1 }`.
  /// A ``find(by:)`` followed by ``save(_:)`` is not safe for that: another task can save
  /// the same ID between the two `await`s, another process can at any moment, and the save
  /// then silently replaces its item. ``LocalRepository`` checks under the store's exclusive
  /// file lock, after reading the changes other writers made, so the check holds across
  /// processes too.
  ///
  /// - Returns: `true` if `item` was stored; `false` if an item with its ID exists, which is
  ///   left unchanged.
  /// - Throws: When the change could not be stored; the repository is then unchanged.
  func insert(_ item: Item) async throws -> Bool

  /// Stores `item` only if `condition` holds for the item now stored under its ID (`nil`
  /// when there is none), checking and saving in one isolated step; returns whether it did.
  ///
  /// The building block of ``save(_:ifCurrent:)``, which refuses to overwrite a change made
  /// by another writer since the caller read the item. As for ``insert(_:)``,
  /// ``LocalRepository`` checks under the store's exclusive file lock, after reading the
  /// changes other writers made, so the check holds across processes too.
  ///
  /// - Returns: `true` if `item` was stored; `false` if `condition` refused, and nothing
  ///   changed.
  /// - Throws: When the change could not be stored; the repository is then unchanged.
  func save(_ item: Item, if condition: @Sendable (Item?) -> Bool) async throws -> Bool

  /// Removes the item with the ID `id`; does nothing if there is none.
  ///
  /// - Throws: When the change could not be stored; the repository is then unchanged.
  func delete(_ id: Item.ID) async throws

  /// Removes the items with the given IDs as one change; unknown IDs are ignored.
  ///
  /// - Throws: When the change could not be stored; the repository is then unchanged.
  func delete<IDs: Sequence & Sendable>(ids: IDs) async throws where IDs.Element == Item.ID

  /// Changes the item stored under `id` with `transform` and saves the result without
  /// overwriting a change another writer made in between; returns the item as saved, or
  /// `nil` when no item has the ID (`transform` is then not called).
  ///
  /// ```swift
  /// let updated = try await store.update(id) { item in item.tags.append("archived") }
  /// ```
  ///
  /// ``LocalRepository``, ``InMemoryRepository`` and `SQLiteRepository` read, change and
  /// save in one isolated step, calling `transform` once (``LocalRepository`` under the
  /// store's exclusive file lock, after reading the changes of other writers). A conformer
  /// of `Equatable` items that does not implement it gets a version built on
  /// ``save(_:if:)``, which may call `transform` more than once.
  ///
  /// `transform` should keep the item's `id`: an item whose `id` it changed is saved under
  /// the new ID, and the item under `id` stays.
  ///
  /// - Throws: What `transform` throws (nothing is saved), or the repository's error when
  ///   the change could not be stored.
  func update(
    _ id: Item.ID, _ transform: @Sendable (inout Item) throws -> Void
  ) async throws -> Item?

  /// The item with the ID `id`, or `nil`.
  func find(by id: Item.ID) async -> Item?

  /// Every item, in insertion order.
  ///
  /// A caller that needs many items asks for them all at once: each call is one hop onto
  /// the repository's actor and back.
  func loadAll() async -> [Item]

  /// How many items the repository holds.
  ///
  /// With ``items(offset:limit:)``, what a list shows first for a store too large to read
  /// whole: its length, and the page on screen. The default reads ``loadAll()``; a store
  /// that keeps its items on disk (`SQLiteRepository`) answers without reading them.
  func count() async -> Int

  /// At most `limit` items, from the `offset`-th on (0 is the first), in insertion order;
  /// empty when `offset` is past the end or either number is negative or zero.
  ///
  /// The default slices ``loadAll()``; a store that keeps its items on disk reads only those.
  /// Pages read at different times may overlap or skip an item when another writer inserted
  /// or deleted one between the reads: read again after a change.
  func items(offset: Int, limit: Int) async -> [Item]

  /// The changes from now on, each delivered after it is durable, in order.
  ///
  /// A subscriber, such as a view model, loops over the sequence and reads what it shows
  /// again with ``loadAll()`` after each change. A subscriber that falls behind gets
  /// the changes it missed merged into one; writers never wait for it. ``LocalRepository``
  /// includes the changes other repositories on the same files make, in this process or
  /// another, soon after they are saved. The loop ends when its task is cancelled.
  func changes() -> RepositoryChanges<Item.ID>

  /// Returns once every change acknowledged so far is durable: at once for a store whose
  /// changes are durable when they return, after a sync for one that syncs later. An app
  /// calls it when it goes to the background and before it exits.
  ///
  /// - Throws: When the sync failed.
  func synchronize() async throws
}

extension Repository where Item: Equatable {
  /// Stores `item` only if the item stored under its ID is still `expected` (`nil`: there
  /// must be none), and returns whether it did.
  ///
  /// An editor passes the item it was opened on: if another writer changed or deleted it
  /// since, the save is refused instead of silently undoing that writer's change, and the
  /// editor can ask the person which version to keep. Checked in one isolated step with the
  /// save (see ``save(_:if:)``), never across an `await`.
  public func save(_ item: Item, ifCurrent expected: Item?) async throws -> Bool {
    try await save(item, if: { $0 == expected })
  }

  /// ``Repository/update(_:_:)`` for a conformer that does not implement it: changes the
  /// item stored under `id` with `transform` and saves the result, without overwriting a
  /// change another writer made in between.
  ///
  /// A ``find(by:)``, a change and a ``save(_:)`` lose a change saved between the read and
  /// the save: two screens adding a tag each at once end with one tag. This version saves
  /// only if the item is still the one `transform` was given (``save(_:if:)``), and otherwise
  /// reads it again and calls `transform` again, until a save goes through. So `transform`
  /// may run more than once: keep it a pure function of its argument. Whether there is an
  /// item is what ``find(by:)`` says.
  ///
  /// - Throws: What `transform` throws (nothing is saved), or the repository's error when
  ///   the change could not be stored.
  public func update(
    _ id: Item.ID, _ transform: @Sendable (inout Item) throws -> Void
  ) async throws -> Item? {
    while true {
      guard let current = await find(by: id) else { return nil }
      var next = current
      try transform(&next)
      if next == current { return current }
      if try await save(next, if: { $0 == current }) { return next }
    }
  }
}

extension Repository {
  /// How many items ``loadAll()`` returns: the default, for a store that holds its items in
  /// memory anyway.
  public func count() async -> Int {
    await loadAll().count
  }

  /// The items of ``loadAll()`` from `offset`, at most `limit` of them: the default, for a
  /// store that holds its items in memory anyway.
  public func items(offset: Int, limit: Int) async -> [Item] {
    guard offset >= 0, limit > 0 else { return [] }
    let all = await loadAll()
    guard offset < all.count else { return [] }
    return Array(all[offset..<min(offset + limit, all.count)])
  }
}

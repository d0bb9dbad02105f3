// A store on disk whose every local change is also its own outbox entry: the Repository an app syncs.

import Foundation
import LocalStore

/// A ``Repository`` kept in a journal-backed store on disk that syncs with a Kinto collection
/// through a ``Synchronizer``: the app's view models see a plain repository, the synchronizer
/// sees a ``SyncStore``.
///
/// ```swift
/// let notes = try await SyncedRepository<Note>.open(directory: folder, filename: "notes.json")
/// try await notes.save(Note(title: "Offline first"))   // durable, and pending
/// let round = Synchronizer(client: client, store: notes, collection: "notes")
/// let outcome = try await round.synchronize()           // pushed, then pulled
/// ```
///
/// It is a `LocalRepository` of envelopes (`SyncedEntry`), one per item: the item, the
/// `last_modified` of the version the server last had (the base of the next precondition),
/// and the revision of the change still to be sent. Why one envelope and not an outbox
/// beside the items: a local change and its "still to be sent" mark are then one journal
/// record, written and made durable together, so a `kill -9` at any instant keeps both or
/// neither; and an answer from the server, or a pulled page with its cursor (kept in one
/// more entry, the ledger), is one more record, all or nothing. A change is sent with its
/// precondition: a create `If-None-Match: *`, an update or delete `If-Match` on that base;
/// an answer lost with the process is found out on the next round, which sees the change
/// already held by the server (see ``Synchronizer``), so nothing is applied twice. A local
/// edit that replaces a pending change keeps the digest of the version it replaced
/// (``PendingChange/earlierVersions``): if that version reached the server in a round whose
/// answer was lost, the next round recognises it as this device's own, not as a conflict.
///
/// Remote changes go in through the same store and the same change feed as local ones, so
/// ``changes()`` tells every follower, in this process or another, of pulled items too.
/// Deleted items stay as tombstones until the server acknowledges the delete, and are never
/// visible: ``find(by:)``, ``loadAll()``, ``count()`` and ``changes()`` see items only.
///
/// The actor runs on the executor of the store it wraps (the store's own serial queue), so
/// a call passes on to the store without a second hop. Its own state is the store only.
public actor SyncedRepository<Item: Codable & Identifiable & Sendable>: Repository
where Item.ID: SyncRecordID & Codable {
  typealias Entry = SyncedEntry<Item>

  /// The store of envelopes.
  let store: LocalRepository<Entry>

  /// The snapshot file of the store.
  public nonisolated var fileURL: URL { store.fileURL }

  /// What opening the store found and opened past (see `LocalRepository.warnings`).
  public nonisolated var warnings: [StoreWarning] { store.warnings }

  /// The store's own executor: calls into it need no hop.
  public nonisolated var unownedExecutor: UnownedSerialExecutor { store.unownedExecutor }

  /// Opens the synced store `filename` in `directory` on the store's own queue; a missing
  /// file is an empty store, created with the first change.
  ///
  /// `configuration` is the store's (layout, size cap, lock timeout, durability); its schema
  /// version and migrations apply to the stored envelopes (`{"id", "item", "lastModified",
  /// "revision", ...}`), not to `Item` alone, so a migration step of a synced store reads and
  /// writes that shape.
  ///
  /// - Throws: `PersistenceError` when the name is invalid or a file exists but cannot be
  ///   read; the files are then left as they were.
  public static func open(
    directory: URL = DataDirectory.default, filename: String,
    configuration: StoreConfiguration = StoreConfiguration()
  ) async throws -> SyncedRepository {
    SyncedRepository(
      store: try await LocalRepository<Entry>.open(
        directory: directory, filename: filename, configuration: configuration))
  }

  init(store: LocalRepository<Entry>) {
    self.store = store
  }

  /// Saves `item` here and marks it to be sent, in one durable record.
  ///
  /// - Throws: `PersistenceError` when the change could not be stored; nothing changed.
  public func save(_ item: Item) async throws {
    try await change([item], deleting: [])
  }

  /// Saves every item of `items` here and marks each to be sent, in one durable record.
  ///
  /// - Throws: `PersistenceError` when the change could not be stored; nothing changed.
  public func save<Items: Sequence & Sendable>(contentsOf items: Items) async throws
  where Items.Element == Item {
    try await change(Array(items), deleting: [])
  }

  /// Stores `item` only if no item has its ID (a pending delete counts as none), marking it
  /// to be sent; returns whether it did.
  ///
  /// - Throws: `PersistenceError` when the change could not be stored; nothing changed.
  public func insert(_ item: Item) async throws -> Bool {
    try await save(item, if: { $0 == nil })
  }

  /// Stores `item` only if `condition` holds for the item stored now under its ID, checked
  /// under the store's lock with the save; returns whether it did.
  ///
  /// - Throws: `PersistenceError` when the change could not be stored; nothing changed.
  public func save(_ item: Item, if condition: @Sendable (Item?) -> Bool) async throws -> Bool {
    let key = try item.id.recordID()
    return try await store.commitWrites { stored, sequence in
      guard condition(stored(key)?.item) else { return nil }
      var writes = EntryWrites<Item>(sequence: sequence)
      writes.markChanged(key, to: item, in: stored)
      return writes.record(in: stored)
    }
  }

  /// Deletes the item `id` here and marks the delete to be sent; nothing if there is none.
  ///
  /// - Throws: `PersistenceError` when the change could not be stored; nothing changed.
  public func delete(_ id: Item.ID) async throws {
    try await change([], deleting: [id])
  }

  /// Deletes the items `ids` here as one change, each delete marked to be sent.
  ///
  /// - Throws: `PersistenceError` when the change could not be stored; nothing changed.
  public func delete<IDs: Sequence & Sendable>(ids: IDs) async throws where IDs.Element == Item.ID {
    try await change([], deleting: Array(ids))
  }

  /// Changes the item `id` with `transform` under the store's lock and saves it, marked to
  /// be sent; returns the item as saved, or `nil` when there is none.
  ///
  /// - Throws: What `transform` throws (nothing is saved), or `PersistenceError`.
  public func update(
    _ id: Item.ID, _ transform: @Sendable (inout Item) throws -> Void
  ) async throws -> Item? {
    let key = try id.recordID()
    var failure: (any Error)?
    var updated: Item?
    try await store.commitWrites { stored, sequence in
      guard var item = stored(key)?.item else { return nil }
      do {
        try transform(&item)
      } catch {
        failure = error
        return nil
      }
      updated = item
      var writes = EntryWrites<Item>(sequence: sequence)
      writes.markChanged((try? item.id.recordID()) ?? key, to: item, in: stored)
      return writes.record(in: stored)
    }
    if let failure { throw failure }
    return updated
  }

  /// The item `id`, or `nil` (also for an item deleted here whose delete is pending).
  public func find(by id: Item.ID) async -> Item? {
    guard let key = try? id.recordID() else { return nil }
    return await store.find(by: key)?.item
  }

  /// Every item, in the order first saved here or first pulled.
  public func loadAll() async -> [Item] {
    await store.loadAll().compactMap { $0.ledger == nil ? $0.item : nil }
  }

  /// How many items there are.
  public func count() async -> Int {
    await store.loadAll().count { $0.isVisible }
  }

  /// The changes from now on, local and pulled, as the store's change feed gives them, with
  /// the ledger's own changes left out.
  ///
  /// This actor runs on the store's executor, so it is isolated to the store too and asks
  /// it without a suspension, as the requirement needs (`assumeIsolated` checks it).
  public func changes() -> RepositoryChanges<Item.ID> {
    store.assumeIsolated { $0.changes() }.mapIDs { key in Item.ID(recordID: key) }
  }

  /// Returns once every acknowledged change is durable (see `LocalRepository`).
  public func synchronize() async throws {
    try await store.synchronize()
  }

  /// Saves `items` and deletes `ids` here, each marked to be sent, in one record.
  private func change(_ items: [Item], deleting ids: [Item.ID]) async throws {
    let saved = try items.map { (try $0.id.recordID(), $0) }
    let deleted = try ids.map { try $0.recordID() }
    try await store.commitWrites { stored, sequence in
      var writes = EntryWrites<Item>(sequence: sequence)
      for (key, item) in saved { writes.markChanged(key, to: item, in: stored) }
      for key in deleted where writes.entry(key, in: stored)?.item != nil {
        writes.markChanged(key, to: nil, in: stored)
      }
      return writes.record(in: stored)
    }
  }
}

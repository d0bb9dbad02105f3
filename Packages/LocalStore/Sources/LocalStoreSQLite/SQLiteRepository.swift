// The actor that owns one SQLite store's connection: every Repository call is one statement
// or one transaction on it.

import Foundation
import LocalStore

/// A ``/LocalStore/Repository`` kept in a SQLite database, for stores larger than memory.
///
/// Items are rows: their `Codable` encoding, keyed by their ID, in the order of their first
/// save. Nothing of them is held in memory beyond what a call returns, so opening a store of
/// a million items reads a few pages, not the items, and ``count()`` and
/// ``items(offset:limit:)`` read one page of a list at a time:
///
/// ```swift
/// let notes = try await SQLiteRepository<Note>.open(filename: "notes.sqlite")
/// try await notes.save(Note(id: UUID(), text: "Actors serialise access"))
/// let first = await notes.items(offset: 0, limit: 50)
/// ```
///
/// It keeps the promises of ``/LocalStore/LocalRepository``, with the same
/// ``/LocalStore/StoreConfiguration``: a ``/LocalStore/Durability/durable`` change returns
/// once it is in the write-ahead log and synced (`synchronous=FULL`); a
/// ``/LocalStore/Durability/lossyOnPowerCut(syncWithin:)`` one once it is written
/// (`synchronous=NORMAL`), the log synced at most that delay later. The conditional saves and
/// ``insert(_:)`` check and write in one transaction that holds SQLite's write lock, so the
/// check holds across processes; a batch is one transaction. A change that throws is not in
/// the store, but for one whose `fsync` failed: SQLite keeps that commit in its log, so it
/// throws ``/LocalStore/PersistenceError/outcomeUnknown(_:reason:)``.
///
/// The actor runs on an executor of its own (`StoreExecutor`, a private serial queue), which
/// owns the connection: SQLite's calls block in `fsync` and in waits for another process's
/// lock (up to ``/LocalStore/StoreConfiguration/lockTimeout``), and those waits hold the
/// store's queue, never a thread of the cooperative pool. The connection is isolated state,
/// with no lock around it.
///
/// A file that is not a store (not a database, another program's database, a newer format)
/// makes opening throw and is left as it was. Damage found later, in a page that a read
/// touches, is reported (see ``readFailure``) and never written over;
/// ``repair(directory:filename:now:)`` keeps every row that can still be read.
public actor SQLiteRepository<Item: Codable & Identifiable & Sendable>: Repository
where Item.ID: Codable & Sendable {
  /// The database file, with symbolic links in its folder's path resolved.
  public nonisolated let fileURL: URL
  /// The size cap, lock timeout, durability, schema version and migrations it opened with.
  nonisolated let configuration: StoreConfiguration
  /// The queue every isolated method of this actor runs on, which owns the connection.
  nonisolated let executor: StoreExecutor

  /// The executor of this actor: its own serial queue (see `StoreExecutor`).
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Where the store lives.
  let location: StoreLocation
  /// The connection, used only on this actor.
  let connection: SQLiteConnection
  /// The subscribers of ``changes()``.
  let feed = ChangeFeed<Item.ID>()
  /// The watch of the files for other writers' commits while anyone subscribes.
  var watch: FileFollowing?
  /// `PRAGMA data_version` when this repository last looked: it changes when another
  /// connection commits, and only then.
  var dataVersion: Int64
  /// Why following other writers last failed, until it succeeds again.
  var followingFailure: PersistenceError?
  /// The lossy changes' background sync, when one is scheduled.
  var scheduledSync: Task<Void, Never>?
  /// Why the last background sync failed, for ``synchronize()`` to report.
  var backgroundSyncFailure: PersistenceError?
  /// How many syncs of the log succeeded, in the background or asked for: what a test of
  /// the lossy delay counts.
  var logSyncs = 0
  /// The last failure to read or decode items, if any: reads return what they could read.
  ///
  /// ``find(by:)``, ``loadAll()`` and the other reads cannot throw
  /// (``/LocalStore/Repository`` says so), so a damaged page or an item that no longer decodes is left out of what they return,
  /// said here, and told once to subscribers of ``changes()`` as a change whose
  /// ``/LocalStore/RepositoryChange/failure`` says why. Nothing is written over it; repair
  /// the store to keep what can be kept.
  public internal(set) var readFailure: PersistenceError?

  let encoder = JSONEncoder()
  let decoder = JSONDecoder()

  /// A repository over `connection`, opened by ``open(directory:filename:configuration:)``
  /// on `executor`'s queue; `dataVersion` is `PRAGMA data_version` as it opened.
  init(
    location: StoreLocation, connection: SQLiteConnection, configuration: StoreConfiguration,
    executor: StoreExecutor, dataVersion: Int64
  ) {
    self.location = location
    self.connection = connection
    self.configuration = configuration
    self.executor = executor
    self.dataVersion = dataVersion
    fileURL = location.fileURL
  }

  /// Inserts `item`, or replaces the item with the same ID, keeping its position; returns
  /// once the change is as durable as the configuration says.
  ///
  /// - Throws: ``/LocalStore/PersistenceError`` when the change could not be stored; nothing
  ///   is changed.
  public func save(_ item: Item) throws {
    try save(contentsOf: CollectionOfOne(item))
  }

  /// Inserts or replaces every item of `items` in one transaction; a later item wins over an
  /// earlier one with the same ID.
  ///
  /// - Throws: ``/LocalStore/PersistenceError`` when the change could not be stored; nothing
  ///   is changed.
  public func save<Items: Sequence & Sendable>(contentsOf items: Items) throws
  where Items.Element == Item {
    // Each item is encoded as it is written, so a batch never holds all its encodings at
    // once; one that fails to encode rolls the whole transaction back.
    var encodingFailure: PersistenceError?
    do throws(PersistenceError) {
      try write { () throws(SQLiteFailure) in
        var added = 0
        let statement = try upsertStatement()
        for item in items {
          let row: Row
          do throws(PersistenceError) {
            row = try encode(item)
          } catch {
            encodingFailure = error
            throw SQLiteFailure(message: "encoding an item failed")
          }
          if try upsert(row, with: statement) { added += 1 }
        }
        try adjustCount(by: added)
      }
    } catch {
      // The write's own error says only that the transaction was rolled back.
      throw encodingFailure ?? error
    }
    feed.publish(RepositoryChange(ids: items.map(\.id)))
  }

  /// Stores `item` only if no item has its ID, checking and inserting in one statement under
  /// SQLite's write lock, and returns whether it did.
  ///
  /// - Throws: ``/LocalStore/PersistenceError`` when the change could not be stored; nothing
  ///   is changed.
  public func insert(_ item: Item) throws -> Bool {
    let row = try encode(item)
    let inserted = try write { () throws(SQLiteFailure) in
      let statement = try connection.statement(
        "INSERT INTO items(key, body) VALUES(?1, ?2) ON CONFLICT(key) DO NOTHING")
      try statement.bind(row.key, at: 1)
      try statement.bindText(row.body, at: 2)
      _ = try statement.step()
      guard connection.changedRowCount == 1 else { return false }
      try adjustCount(by: 1)
      return true
    }
    if inserted { feed.publish(RepositoryChange(ids: [item.id])) }
    return inserted
  }

  /// Stores `item` only if `condition` holds for the item stored now under its ID (`nil`
  /// when there is none), reading and writing in one transaction that holds SQLite's write
  /// lock from its start, so that no other connection commits between the two; returns
  /// whether it did.
  ///
  /// - Throws: ``/LocalStore/PersistenceError`` when the change could not be stored, or the
  ///   stored item could not be read; nothing is changed.
  public func save(_ item: Item, if condition: @Sendable (Item?) -> Bool) throws -> Bool {
    let row = try encode(item)
    var decodingFailure: PersistenceError?
    let saved: Bool
    do throws(PersistenceError) {
      saved = try write { () throws(SQLiteFailure) -> Bool in
        let current: Item?
        do {
          current = try body(forKey: row.key).map { try decoder.decode(Item.self, from: $0) }
        } catch let failure as SQLiteFailure {
          throw failure
        } catch {
          decodingFailure = .corrupt(
            fileURL, reason: "the item stored under \(row.key) cannot be decoded: \(error)")
          throw SQLiteFailure(message: "decoding the stored item failed")
        }
        guard condition(current) else { return false }
        if try upsert(row) { try adjustCount(by: 1) }
        return true
      }
    } catch {
      throw decodingFailure ?? error
    }
    if saved { feed.publish(RepositoryChange(ids: [item.id])) }
    return saved
  }

  /// Removes the item with the ID `id`; does nothing if there is none.
  ///
  /// - Throws: ``/LocalStore/PersistenceError`` when the change could not be stored; nothing
  ///   is changed.
  public func delete(_ id: Item.ID) throws {
    try delete(ids: CollectionOfOne(id))
  }

  /// Removes the items with the given IDs in one transaction; unknown IDs are ignored.
  ///
  /// - Throws: ``/LocalStore/PersistenceError`` when the change could not be stored; nothing
  ///   is changed.
  public func delete<IDs: Sequence & Sendable>(ids: IDs) throws where IDs.Element == Item.ID {
    let ids = Array(ids)
    let keys = try ids.map { id throws(PersistenceError) in try key(of: id) }
    try write { () throws(SQLiteFailure) in
      var removed = 0
      for key in keys {
        let statement = try connection.statement("DELETE FROM items WHERE key = ?1")
        try statement.bind(key, at: 1)
        _ = try statement.step()
        removed += connection.changedRowCount
      }
      try adjustCount(by: -removed)
    }
    feed.publish(RepositoryChange(ids: ids))
  }

  /// The item with the ID `id`, or `nil`: one lookup by key.
  public func find(by id: Item.ID) -> Item? {
    read { () throws -> Item? in
      try body(forKey: try ItemKey.of(id)).map { try decoder.decode(Item.self, from: $0) }
    } ?? nil
  }

  /// Every item, in the order they were first saved.
  ///
  /// It reads and decodes the whole table: for a large store, show a page at a time with
  /// ``count()`` and ``items(offset:limit:)``.
  public func loadAll() -> [Item] {
    read { () throws -> [Item] in
      try decodeRows(connection.statement("SELECT body FROM items ORDER BY position"))
    } ?? []
  }
}

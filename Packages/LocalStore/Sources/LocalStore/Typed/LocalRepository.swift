// The actor that owns one store's cache and its files on disk.

import Dispatch
import Foundation

/// A thread-safe store of `Codable` values, cached in memory and kept durably on disk.
///
/// The actor serialises every access to its cache and its files, so callers on any thread
/// or task can share one instance without locks. Reads (``find(by:)``, ``loadAll()``) come
/// from the in-memory cache in O(1) and O(n). A change (``save(_:)``, ``delete(_:)`` and
/// their batch forms) writes the change to disk, then applies it to the cache, and returns
/// only once it is durable:
///
/// ```swift
/// let notes = try await LocalRepository<Note>.open(filename: "notes.json")
/// try await notes.save(Note(id: UUID(), text: "Actors serialise access"))
/// let all = await notes.loadAll()
/// ```
///
/// On disk a store is a snapshot, `<filename>` (readable JSON), plus a journal of the changes
/// since, `<filename>.journal`. A save appends one record and syncs it, so it costs the same
/// at any store size; saves that arrive while a sync is under way share the next one. The
/// snapshot is rewritten when the journal outgrows it. With ``StorageStrategy/rewrite`` every
/// change rewrites the snapshot instead, as the original pattern did.
///
/// A file that exists but cannot be read makes opening throw, and the file is left untouched.
/// A change that throws is not in the store: not in memory, and not on disk after a reopen,
/// even when it was the `fsync` that failed. Two repositories on the same files, in one
/// process or two, take turns through a lock file and read each other's changes before
/// writing their own.
///
/// The actor runs on an executor of its own, a private serial Dispatch queue
/// (`StoreExecutor`), not on the cooperative pool: its methods wait in `flock`, `write` and
/// `fsync`, and those waits must not hold one of the pool's few threads. Its state (the
/// cache, the files and what it knows of them, the watch) is ordinary isolated state that the
/// compiler checks; no lock guards it.
public actor LocalRepository<T: Codable & Identifiable & Sendable>: Repository
where T.ID: Hashable & Codable & Sendable {
  typealias Cache = OrderedCache<T.ID, T>
  typealias Change = ItemChange<T>

  /// The snapshot file, with symbolic links in its folder's path resolved. A link at the file
  /// itself is never followed: the store refuses it.
  public nonisolated let fileURL: URL
  /// What opening the store found and opened past, such as a journal tail torn by a power
  /// cut that was set aside; empty when the files were clean. Worth showing to the user.
  public nonisolated let warnings: [StoreWarning]
  /// The queue every isolated method of this actor runs on.
  nonisolated let executor: StoreExecutor
  /// Layout, size cap, lock timeout, durability, schema version and migrations.
  nonisolated let configuration: StoreConfiguration

  /// The executor of this actor: its own serial queue (see `StoreExecutor`).
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// The files, in bytes: lock, journal, snapshot, group commit and compaction.
  let engine: StoreEngine
  /// Every item, decoded: the codec and the cache, always equal to the files as last read or
  /// written.
  let replica: ItemReplica<T>
  /// The subscribers of ``changes()``.
  let feed: ChangeFeed<T.ID>
  /// Watches the files for other writers while anyone subscribes to ``changes()``.
  var watch: FileFollowing?
  /// Why the watch's last catch-up failed, until one succeeds; subscribers were told once.
  var followingFailure: PersistenceError?

  /// Opens the store `filename` in `directory`, reading it on the calling thread: the
  /// original pattern's synchronous load, which blocks the caller.
  ///
  /// It reads and decodes every file, and waits up to ``StoreConfiguration/lockTimeout``
  /// (10 seconds by default) while another process writes the store. Called from the main
  /// actor, that freezes the interface; called from a task, it holds one of the cooperative
  /// pool's threads. Prefer ``open(directory:filename:configuration:)``, which does the same
  /// work on the store's own queue.
  ///
  /// A missing file is an empty store; the folder (0700) and the files (0600) are created on
  /// the first change. Temporary files left by a writer that was killed are removed.
  ///
  /// - Parameters:
  ///   - directory: The folder holding the store; by default ``DataDirectory/default``.
  ///   - filename: The snapshot's file name, without any `/`.
  ///   - configuration: Layout, size cap, lock timeout, schema version and migrations.
  /// - Throws: ``PersistenceError`` when the name is invalid or a file exists but cannot be
  ///   read, decoded or upgraded. The files are then left exactly as they were.
  public init(
    directory: URL = DataDirectory.default, filename: String = "data.json",
    configuration: StoreConfiguration = StoreConfiguration()
  ) throws {
    try self.init(
      directory: directory, filename: filename, configuration: configuration,
      fileSystem: SystemFileSystem())
  }

  /// Opens a store whose system calls go through `fileSystem`; tests pass a failing double.
  init(
    directory: URL, filename: String, configuration: StoreConfiguration = StoreConfiguration(),
    fileSystem: any FileSystem
  ) throws {
    let location = try StoreLocation(directory: directory, filename: filename)
    try self.init(
      location: location, configuration: configuration, fileSystem: fileSystem,
      executor: StoreExecutor(path: location.path))
  }

  /// Reads the store at `location` on the calling thread, for a repository that will run on
  /// `executor`; `isCancelled` is asked while it waits for another writer's lock.
  init(
    location: StoreLocation, configuration: StoreConfiguration, fileSystem: any FileSystem,
    executor: StoreExecutor, isCancelled: () -> Bool = { false }
  ) throws {
    let feed = ChangeFeed<T.ID>()
    let replica = ItemReplica<T>(
      fileURL: location.fileURL, configuration: configuration, feed: feed)
    engine = try StoreEngine(
      location: location, configuration: configuration, fileSystem: fileSystem,
      executor: executor, replica: replica, isCancelled: isCancelled)
    self.feed = feed
    self.replica = replica
    self.configuration = configuration
    self.executor = executor
    fileURL = location.fileURL
    warnings = engine.journal.warnings
  }

  /// Inserts `item`, or replaces the item with the same ID, and returns once it is durable.
  ///
  /// - Throws: ``PersistenceError`` when the change could not be stored, or could not be made
  ///   durable; it is then neither in memory nor in the files, as if never made.
  public func save(_ item: T) async throws {
    try await commit(.save([item]))
  }

  /// Inserts or replaces every item of `items` as one change, with one record on disk.
  ///
  /// A later item wins over an earlier one with the same ID.
  ///
  /// - Throws: ``PersistenceError`` when the change could not be stored; nothing is changed.
  public func save<Items: Sequence & Sendable>(contentsOf items: Items) async throws
  where Items.Element == T {
    try await commit(.save(Array(items)))
  }

  /// Stores `item` durably only if no item has its ID, and returns whether it did.
  ///
  /// The check runs where ``save(_:)`` applies its change: under the store's exclusive file
  /// lock, after catching up with the records other writers appended. So two repositories on
  /// the same files, in one process or in two, never both claim one ID. A ``find(by:)``
  /// followed by ``save(_:)`` gives no such promise: another writer can store the same ID
  /// between the two, and the save then replaces its item.
  ///
  /// - Returns: `true` if `item` was stored; `false` if an item with its ID exists, which is
  ///   left unchanged, and nothing was written.
  /// - Throws: ``PersistenceError`` when the change could not be stored; nothing is changed.
  public func insert(_ item: T) async throws -> Bool {
    try await commit(.save([item])) { cache in cache[item.id] == nil }
  }

  /// Stores `item` durably only if `condition` holds for the item stored now under its ID
  /// (`nil` when there is none), checking and saving in one isolated step under the store's
  /// exclusive file lock, after catching up with other writers; returns whether it did.
  ///
  /// - Throws: ``PersistenceError`` when the change could not be stored; nothing is changed.
  public func save(_ item: T, if condition: @Sendable (T?) -> Bool) async throws -> Bool {
    try await commit(.save([item])) { cache in condition(cache[item.id]) }
  }

  /// Changes the item stored under `id` with `transform` and saves the result durably, in
  /// one isolated step; returns the item as saved, or `nil` when no item has the ID
  /// (`transform` is then not called).
  ///
  /// ```swift
  /// let updated = try await store.update(id) { item in item.tags.append("archived") }
  /// ```
  ///
  /// `transform` runs once, under the store's exclusive file lock, on the item as it is once
  /// the changes of other writers are read: nothing another writer saves, in this process or
  /// another, can come between the read and the save, which ``find(by:)`` then ``save(_:)``
  /// cannot promise. It runs on the store's own queue while the lock is held, so keep it
  /// short: a change of the item's fields, no waiting. It should keep the item's `id`: an
  /// item whose `id` it changed is saved under the new ID, and the item under `id` stays.
  ///
  /// - Throws: What `transform` throws (nothing is changed), or ``PersistenceError`` when the
  ///   change could not be stored.
  public func update(
    _ id: T.ID, _ transform: @Sendable (inout T) throws -> Void
  ) async throws
    -> T?
  {
    var failure: (any Error)?
    var updated: T?
    try await commit(deciding: { cache in
      guard var item = cache[id] else { return nil }
      do {
        try transform(&item)
      } catch {
        failure = error
        return nil
      }
      updated = item
      return .save([item])
    })
    if let failure { throw failure }
    return updated
  }

  /// Removes the item with the ID `id` durably; does nothing if there is no such item.
  ///
  /// - Throws: ``PersistenceError`` when the change could not be stored; nothing is changed.
  public func delete(_ id: T.ID) async throws {
    try await commit(.delete([id]))
  }

  /// Removes the items with the given IDs as one change; unknown IDs are ignored.
  ///
  /// - Throws: ``PersistenceError`` when the change could not be stored; nothing is changed.
  public func delete<IDs: Sequence & Sendable>(ids: IDs) async throws where IDs.Element == T.ID {
    try await commit(.delete(Array(ids)))
  }

  /// The item with the ID `id`, from memory, in O(1).
  ///
  /// Like every call into the actor from outside, it is a hop onto the actor's queue and
  /// back; a caller that needs many items asks once, with ``loadAll()``.
  public func find(by id: T.ID) -> T? {
    replica.cache[id]
  }

  /// Every item, in the order they were first saved; O(1) when nothing changed since the
  /// last call, as the array is shared, not copied.
  public func loadAll() -> [T] {
    replica.items
  }

  /// Returns once the compaction under way, if any, has ended. Only tests ask (through
  /// `@testable import`); ``synchronize()`` waits for it too.
  func compactionFinished() async {
    await engine.compactionFinished()
  }

  /// How many changes wait for the store's lock to be let go, to give another writer its
  /// turn. Only tests ask (through `@testable import`).
  var changesWaitingForTheLockToGo: Int {
    engine.changesWaitingForTheLock.count
  }

  /// Where this repository's records stand on their way to stable storage, and whether it
  /// holds the store's lock. Only tests ask (through `@testable import`).
  var durabilityState: (phase: SyncState<CheckedContinuation<Void, Never>>.Phase, holdsLock: Bool) {
    (engine.sync.phase, engine.lock.isHeld)
  }
}

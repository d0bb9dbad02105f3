// The actor that owns one store's cache and its files on disk.

import Dispatch
import Foundation

/// A thread-safe store of `Codable` values, cached in memory and kept durably on disk.
///
/// The actor serialises every access to its cache and its files, so callers on any thread
/// or task can share one instance without locks. Reads (``find(by:)``, ``loadAll()``) come
/// from the in-memory cache in O(1) and O(n). A change (``save(_:)``, ``delete(_:)`` and
/// their batch forms) updates the cache, records the change on disk, and returns only once
/// the change is durable:
///
/// ```swift
/// let repository = try LocalRepository<Question>(filename: "questions.json")
/// try await repository.save(Question(prompt: "What does an actor guarantee?", answer: "..."))
/// let all = await repository.loadAll()
/// ```
///
/// On disk a store is a snapshot, `<filename>` (readable JSON), plus a journal of the changes
/// since, `<filename>.journal`. A save appends one record and syncs it, so it costs the same
/// at any store size. Saves that arrive while a sync is in flight share the next one (group
/// commit). The snapshot is rewritten when the journal outgrows it. With
/// ``StorageStrategy/rewrite`` every change rewrites the snapshot instead, as the original
/// pattern did.
///
/// A file that exists but cannot be read makes `init` throw, and the file is left untouched.
/// When a write fails, the change is never applied in memory, so the cache always equals the
/// files. Two repositories on the same files, in one process or two, take turns through a
/// lock file and read each other's changes before writing their own.
///
/// Reads are `nonisolated(nonsending)`: they run on the caller's executor and read the cache
/// under a lock, so they cost no thread switch, from the main actor or from a task. Changes
/// go through the actor, a default actor, in the order it runs them; their file work runs on
/// a private serial Dispatch queue, so blocking I/O never holds a thread of the cooperative
/// pool.
public actor LocalRepository<T: Codable & Identifiable & Sendable>: Repository
where T.ID: Hashable & Codable & Sendable {
  /// The snapshot file, with symbolic links in its folder's path resolved. A link at the file
  /// itself is never followed: the store refuses it.
  public nonisolated let fileURL: URL
  /// What opening the store found and opened past, such as a journal tail torn by a power
  /// cut that was set aside; empty when the files were clean. Worth showing to the user.
  public nonisolated let warnings: [StoreWarning]

  /// The files, the cache and the queue where every blocking call runs.
  let worker: StoreWorker<T>
  /// The subscribers of ``changes()``.
  var feed: ChangeFeed<T.ID> { worker.feed }
  /// Watches the files for other writers while anyone subscribes to ``changes()``.
  var watcher: StoreWatcher?
  /// Whether a catch-up with other writers is already on its way to the worker.
  nonisolated let catchUpIsScheduled = LockedState(false)

  /// Opens the store `filename` in `directory`, loading it synchronously.
  ///
  /// A missing file is an empty store; the folder and the files are created on the first
  /// save, with modes 0700 and 0600. Temporary files left by a writer that was killed are
  /// removed, and a journal record torn by a crash is ignored.
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
    let store = DiskStore<T>(
      location: location, fileSystem: fileSystem, configuration: configuration)
    store.removeLeftoverTemporaryFiles()
    let cache = try store.load()
    self.fileURL = location.fileURL
    self.warnings = store.warnings
    self.worker = StoreWorker(store: store, cache: cache, label: location.path)
  }

  /// Inserts `item`, or replaces the item with the same ID, and returns once it is durable.
  ///
  /// - Throws: ``PersistenceError`` when the change could not be stored; the repository and
  ///   the files then both still hold the previous state.
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

  /// The item with the ID `id`, from memory, in O(1), without a hop: the cache is read under
  /// a lock on the caller's executor, so it costs the same from the main actor as from a task.
  nonisolated(nonsending) public func find(by id: T.ID) async -> T? {
    worker.find(id)
  }

  /// Every item, in the order they were first saved; O(1) when nothing changed since the
  /// last call, as the array is shared, not copied. Like ``find(by:)``, it runs on the
  /// caller's executor and never waits for the disk: a change's lock is never held across a
  /// system call.
  nonisolated(nonsending) public func loadAll() async -> [T] {
    worker.loadAll()
  }

  /// Records a change durably, if `condition` holds for the items once caught up with other
  /// writers; returns whether it did.
  ///
  /// The worker runs the change on its queue (see ``StoreWorker``): under the store's lock it
  /// catches up with other writers, checks `condition`, writes the change and applies it to
  /// the cache; then it waits for a sync of the journal that covers the record, shared with
  /// every other change appended meanwhile. The change is enqueued (or, when lossy and
  /// nothing can wait, appended) before this method first suspends, so changes reach the
  /// journal in the order the actor runs them.
  @discardableResult
  private func commit(
    _ change: StoreChange<T>,
    if condition: @Sendable (OrderedCache<T.ID, T>) -> Bool = { _ in true }
  ) async throws(PersistenceError) -> Bool {
    // The worker checks `condition` and drops it before it completes, so it never outlives
    // this call.
    let result = await withoutActuallyEscaping(condition) { condition in
      let condition = StoreWorker<T>.Condition(condition)
      return await withCheckedContinuation { continuation in
        worker.commit(change, if: condition) { continuation.resume(returning: $0) }
      }
    }
    return try result.get() == .stored
  }
}

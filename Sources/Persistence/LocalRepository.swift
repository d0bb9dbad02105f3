// The actor that owns one store's cache and its file on disk.

import Foundation

/// A thread-safe store of `Codable` values, cached in memory and kept durably in a JSON file.
///
/// The actor serialises every access to its cache and its file, so callers on any thread or
/// task can share one instance without locks. Reads (``find(by:)``, ``loadAll()``) come from
/// the in-memory cache. Each change (``save(_:)``, ``delete(_:)`` and their batch forms)
/// updates the cache and then rewrites the file durably before it returns:
///
/// ```swift
/// let repository = try LocalRepository<Question>(filename: "questions.json")
/// try await repository.save(Question(prompt: "What does an actor guarantee?", answer: "..."))
/// let all = await repository.loadAll()
/// ```
///
/// Compared with the pattern it comes from, it never loses data it could not read: a file
/// that exists but cannot be read or decoded makes `init` throw and is left untouched. When
/// a write fails, the change is undone in memory too, so the cache always equals the file.
///
/// The actor runs on its own serial Dispatch queue (see ``SerialQueueExecutor``): its file
/// I/O blocks that queue, never a thread of the cooperative pool.
public actor LocalRepository<T: Codable & Identifiable & Sendable>: Repository
where T.ID: Hashable & Codable & Sendable {
  /// The store file, after resolving a symbolic link at its path.
  public nonisolated let fileURL: URL

  private var cache: OrderedCache<T.ID, T>
  private let file: StoreFile
  private nonisolated let executor: SerialQueueExecutor

  /// The executor the actor runs on: a private serial queue where blocking I/O is allowed.
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Opens the store `filename` in `directory`, loading it synchronously.
  ///
  /// A missing file is an empty store; the folder and the file are created on the first
  /// save, with modes 0700 and 0600. Temporary files left by a writer that was killed are
  /// removed.
  ///
  /// - Parameters:
  ///   - directory: The folder holding the store; by default ``DataDirectory/default``.
  ///   - filename: The store's file name, without any `/`.
  ///   - configuration: Size cap, lock timeout, schema version and migrations.
  /// - Throws: ``PersistenceError`` when the name is invalid or the file exists but cannot
  ///   be read, decoded or upgraded. The file is then left exactly as it was.
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
    let file = StoreFile(location: location, fileSystem: fileSystem, configuration: configuration)
    file.removeLeftoverTemporaryFiles()
    self.cache = try Self.makeCache(file.readItems(as: T.self), from: location.fileURL)
    self.file = file
    self.fileURL = location.fileURL
    self.executor = SerialQueueExecutor(label: "LocalRepository \(location.path)")
  }

  /// Inserts `item`, or replaces the item with the same ID, and writes the store durably.
  ///
  /// - Throws: ``PersistenceError`` when the file could not be written; the repository and
  ///   the file then both still hold the previous state.
  public func save(_ item: T) throws {
    try save(contentsOf: CollectionOfOne(item))
  }

  /// Inserts or replaces every item of `items` with a single write.
  ///
  /// A later item wins over an earlier one with the same ID.
  ///
  /// - Throws: ``PersistenceError`` when the file could not be written; nothing is changed.
  public func save<Items: Sequence & Sendable>(contentsOf items: Items) throws
  where Items.Element == T {
    try commit { cache, undo in
      for item in items { cache.update(item, forKey: item.id, recordingInto: &undo) }
    }
  }

  /// Removes the item with the ID `id` and writes the store durably; does nothing if there
  /// is no such item.
  ///
  /// - Throws: ``PersistenceError`` when the file could not be written; nothing is changed.
  public func delete(_ id: T.ID) throws {
    try delete(ids: CollectionOfOne(id))
  }

  /// Removes the items with the given IDs with a single write; unknown IDs are ignored.
  ///
  /// - Throws: ``PersistenceError`` when the file could not be written; nothing is changed.
  public func delete<IDs: Sequence & Sendable>(ids: IDs) throws where IDs.Element == T.ID {
    try commit { cache, undo in
      for id in ids { cache.removeValue(forKey: id, recordingInto: &undo) }
    }
  }

  /// The item with the ID `id`, from memory, in O(1).
  public func find(by id: T.ID) -> T? {
    cache[id]
  }

  /// Every item, in the order they were first saved.
  public func loadAll() -> [T] {
    cache.values
  }

  /// Applies a change to the cache and writes the result, holding the store's lock.
  ///
  /// If another writer (another process, or another repository on the same file) changed the
  /// file since this one last read or wrote it, the file is read again first, so the change
  /// lands on top of theirs instead of erasing it. If the write fails before the file was
  /// replaced, the change is undone in memory. Nothing suspends in between, so writes land
  /// in the order the actor runs them.
  private func commit(
    _ change: (inout OrderedCache<T.ID, T>, inout OrderedCache<T.ID, T>.Undo) -> Void
  ) throws(PersistenceError) {
    try file.withExclusiveLock { () throws(PersistenceError) in
      if try file.hasChangedSinceLastSeen() {
        cache = try Self.makeCache(file.readItems(as: T.self), from: fileURL)
      }
      var undo = OrderedCache<T.ID, T>.Undo()
      change(&cache, &undo)
      guard !undo.isEmpty else { return }
      do throws(PersistenceError) {
        try file.write(cache.values)
      } catch {
        // After `notDurable` the new file is already in place: memory keeps matching it.
        if case .notDurable = error {} else { cache.revert(undo) }
        throw error
      }
      cache.compactIfSparse()
    }
  }

  /// A cache holding `items` in order; refuses two items with the same ID.
  private static func makeCache(
    _ items: [T], from url: URL
  ) throws(PersistenceError)
    -> OrderedCache<T.ID, T>
  {
    var cache = OrderedCache<T.ID, T>()
    var undo = OrderedCache<T.ID, T>.Undo()
    for item in items {
      guard cache[item.id] == nil else {
        throw .duplicateID(url, id: String(describing: item.id))
      }
      cache.update(item, forKey: item.id, recordingInto: &undo)
    }
    return cache
  }
}

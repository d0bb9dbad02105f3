// A store of identifiable values: an actor that keeps every item in a dictionary and in one
// JSON file.

import Foundation

/// A store of identifiable values, in memory and in the JSON file at `fileURL`.
public actor BookStore<Item: Codable & Identifiable & Sendable> {
  /// The file that holds every item.
  public let fileURL: URL
  /// The version of the file's format that this code writes.
  public let version: Int
  /// How to read a file of each older version, by that version.
  private let migrations: [Int: @Sendable (Data) throws -> [Item]]
  /// The lock every writer of the file takes, in any process, before it reads and writes.
  private let lock: FileLock
  /// Called when another process is in the middle of a save, just before waiting for it.
  private let whileWaiting: @Sendable () -> Void
  /// Every item, by its ID: the actor's state, which only its own methods touch.
  private var cache: [Item.ID: Item] = [:]
  /// The queue that runs this actor's code, instead of a thread of the shared pool.
  private let executor = QueueExecutor(name: "BookStore")

  /// Where the actor's methods run: on its own queue.
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Opens the store, reading the file before it returns. A missing file is an empty store;
  /// a file that cannot be read or decoded, or that a newer version wrote, makes `init` throw,
  /// and is left as it is. A file of an older version is read through its migration.
  public init(
    fileURL: URL, version: Int = 1, migrations: [Int: @Sendable (Data) throws -> [Item]] = [:],
    whileWaiting: @escaping @Sendable () -> Void = {}
  ) throws {
    self.fileURL = fileURL
    self.version = version
    self.migrations = migrations
    self.whileWaiting = whileWaiting
    try FileManager.default.createDirectory(
      at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    lock = try FileLock(at: fileURL.appendingPathExtension("lock"))
    cache = try Self.read(fileURL, version: version, migrations: migrations).items
  }

  /// Inserts `item`, or replaces the item with the same ID, and writes the file, on top of
  /// what other writers saved. When the write fails, it throws, and nothing changes.
  public func save(_ item: Item) throws {
    try change { _ in .saved(item: item) }
  }

  /// Removes the item with the ID `id`, and writes the file; nothing changes if that fails.
  public func delete(_ id: Item.ID) throws {
    try change { items in items[id].map { .deleted(item: $0) } }
  }

  /// The item with the ID `id`, or `nil`.
  public func find(by id: Item.ID) -> Item? {
    cache[id]
  }

  /// Every item, in no particular order.
  public func loadAll() -> [Item] {
    Array(cache.values)
  }

  /// Under the lock: reads what other writers saved, and applies the change `edit` makes of
  /// it, if any. The change is appended to the file as one line, unless the file is at an
  /// older version or its changes outnumber its items: then the file is written whole again,
  /// with no changes after it. The result is kept only once the file holds it.
  private func change(_ edit: ([Item.ID: Item]) -> Change?) throws {
    try lock.withLock(whileWaiting: whileWaiting) {
      let file = try Self.read(fileURL, version: version, migrations: migrations)
      var items = file.items
      if let change = edit(items) {
        change.apply(to: &items)
        if file.version == version, file.changes < items.count {
          try append(change)
        } else {
          try write(items)
        }
      }
      cache = items
    }
  }

  /// Appends `change` to the file as a line of its own; the line before it has no end of
  /// line, so this one starts with it.
  private func append(_ change: Change) throws {
    let handle = try FileHandle(forWritingTo: fileURL)
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("\n".utf8) + JSONEncoder().encode(change))
    try handle.synchronize()
  }

  /// Replaces the file with `items`, through a temporary file renamed over it.
  private func write(_ items: [Item.ID: Item]) throws {
    let data = try JSONEncoder().encode(StoreFile(version: version, items: Array(items.values)))
    try data.write(to: fileURL, options: .atomic)
  }

  /// What the file at `fileURL` holds, read at `version`: its first line has every item as
  /// they were when it was written whole, and each line after it one change.
  private static func read(
    _ fileURL: URL, version: Int, migrations: [Int: @Sendable (Data) throws -> [Item]]
  ) throws -> Contents {
    guard FileManager.default.fileExists(atPath: fileURL.path) else { return Contents() }
    // JSONEncoder writes a value on one line, so that lines are a file's values.
    let lines = try Data(contentsOf: fileURL)
      .split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let data = Data(lines[0])
    let stored = try StoreFile<Item>.version(of: data)
    let items: [Item]
    if stored == version {
      items = try StoreFile<Item>.items(in: data)
    } else if stored > version {
      throw BookStoreError.newerVersion(stored, in: fileURL, newest: version)
    } else if let migrate = migrations[stored] {
      items = try migrate(data)
    } else {
      throw BookStoreError.noMigration(from: stored, in: fileURL)
    }
    var byID: [Item.ID: Item] = [:]
    for item in items {
      guard byID.updateValue(item, forKey: item.id) == nil else {
        throw BookStoreError.repeatedID("\(item.id)", in: fileURL)
      }
    }
    let changes = lines.dropFirst()
    // Changes are written only after a snapshot of their own version.
    guard changes.isEmpty || stored == version else {
      throw BookStoreError.noMigration(from: stored, in: fileURL)
    }
    for line in changes {
      try JSONDecoder().decode(Change.self, from: Data(line)).apply(to: &byID)
    }
    return Contents(items: byID, version: stored, changes: changes.count)
  }

  /// One save or delete, as a line after the file's first.
  private enum Change: Codable {
    case saved(item: Item)
    case deleted(item: Item)

    func apply(to items: inout [Item.ID: Item]) {
      switch self {
      case .saved(let item): items[item.id] = item
      case .deleted(let item): items[item.id] = nil
      }
    }
  }

  /// What a file holds: every item, the version of its first line (none when there is no
  /// file), and how many changes follow that line.
  private struct Contents {
    var items: [Item.ID: Item] = [:]
    var version: Int?
    var changes = 0
  }
}

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
  /// Every item, by its ID: the actor's state, which only its own methods touch.
  private var cache: [Item.ID: Item] = [:]

  /// Opens the store, reading the file before it returns. A missing file is an empty store;
  /// a file that cannot be read or decoded, or that a newer version wrote, makes `init` throw,
  /// and is left as it is. A file of an older version is read through its migration.
  public init(
    fileURL: URL, version: Int = 1, migrations: [Int: @Sendable (Data) throws -> [Item]] = [:]
  ) throws {
    self.fileURL = fileURL
    self.version = version
    self.migrations = migrations
    try FileManager.default.createDirectory(
      at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    cache = try Self.read(fileURL, version: version, migrations: migrations)
  }

  /// Inserts `item`, or replaces the item with the same ID, and writes the file, on top of
  /// what other writers saved. When the write fails, it throws, and nothing changes.
  public func save(_ item: Item) throws {
    try change { $0[item.id] = item }
  }

  /// Removes the item with the ID `id`, and writes the file; nothing changes if that fails.
  public func delete(_ id: Item.ID) throws {
    try change { $0[id] = nil }
  }

  /// The item with the ID `id`, or `nil`.
  public func find(by id: Item.ID) -> Item? {
    cache[id]
  }

  /// Every item, in no particular order.
  public func loadAll() -> [Item] {
    Array(cache.values)
  }

  /// Reads what other writers saved, applies `edit` on top of it, writes the file, and only
  /// then keeps the result.
  private func change(_ edit: (inout [Item.ID: Item]) -> Void) throws {
    var changed = try Self.read(fileURL, version: version, migrations: migrations)
    edit(&changed)
    try write(changed)
    cache = changed
  }

  /// Replaces the file with `items`, through a temporary file renamed over it.
  private func write(_ items: [Item.ID: Item]) throws {
    let data = try JSONEncoder().encode(StoreFile(version: version, items: Array(items.values)))
    try data.write(to: fileURL, options: .atomic)
  }

  /// Every item in the file at `fileURL`, read at `version`; none when there is no file.
  private static func read(
    _ fileURL: URL, version: Int, migrations: [Int: @Sendable (Data) throws -> [Item]]
  ) throws -> [Item.ID: Item] {
    guard FileManager.default.fileExists(atPath: fileURL.path) else { return [:] }
    let data = try Data(contentsOf: fileURL)
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
    return byID
  }
}

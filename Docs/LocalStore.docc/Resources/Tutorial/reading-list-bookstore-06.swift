// A store of identifiable values: an actor that keeps every item in a dictionary and in one
// JSON file.

import Foundation

/// A store of identifiable values, in memory and in the JSON file at `fileURL`.
public actor BookStore<Item: Codable & Identifiable & Sendable> {
  /// The file that holds every item.
  public let fileURL: URL
  /// Every item, by its ID: the actor's state, which only its own methods touch.
  private var cache: [Item.ID: Item] = [:]

  /// Opens the store, reading the file before it returns. A missing file is an empty store;
  /// a file that cannot be read or decoded makes `init` throw, and is left as it is.
  public init(fileURL: URL) throws {
    self.fileURL = fileURL
    try FileManager.default.createDirectory(
      at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    guard FileManager.default.fileExists(atPath: fileURL.path) else { return }
    let items = try JSONDecoder().decode([Item].self, from: Data(contentsOf: fileURL))
    for item in items {
      // Two items with one ID: which is right is for a person to decide, not for a dictionary.
      guard cache.updateValue(item, forKey: item.id) == nil else {
        throw BookStoreError.repeatedID("\(item.id)", in: fileURL)
      }
    }
  }

  /// Inserts `item`, or replaces the item with the same ID, and writes the file. When the
  /// write fails, it throws, and the store still holds what the file holds.
  public func save(_ item: Item) throws {
    var changed = cache
    changed[item.id] = item
    try write(changed)
    cache = changed  // Only once the file holds it.
  }

  /// Removes the item with the ID `id`, and writes the file; nothing changes if that fails.
  public func delete(_ id: Item.ID) throws {
    var changed = cache
    changed[id] = nil
    try write(changed)
    cache = changed
  }

  /// The item with the ID `id`, or `nil`.
  public func find(by id: Item.ID) -> Item? {
    cache[id]
  }

  /// Every item, in no particular order.
  public func loadAll() -> [Item] {
    Array(cache.values)
  }

  /// Replaces the file with `items`, through a temporary file renamed over it.
  private func write(_ items: [Item.ID: Item]) throws {
    let data = try JSONEncoder().encode(Array(items.values))
    try data.write(to: fileURL, options: .atomic)
  }
}

// A store of identifiable values: an actor that keeps every item in a dictionary and in one
// JSON file.

import Foundation

/// A store of identifiable values, in memory and in the JSON file at `fileURL`.
public actor BookStore<Item: Codable & Identifiable & Sendable> {
  /// The file that holds every item.
  public let fileURL: URL
  /// Every item, by its ID: the actor's state, which only its own methods touch.
  private var cache: [Item.ID: Item] = [:]

  /// Opens the store, reading the file before it returns; a missing file is an empty store.
  public init(fileURL: URL) throws {
    self.fileURL = fileURL
    try FileManager.default.createDirectory(
      at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    if let data = try? Data(contentsOf: fileURL),
      let items = try? JSONDecoder().decode([Item].self, from: data)
    {
      for item in items { cache[item.id] = item }
    }
  }

  /// Inserts `item`, or replaces the item with the same ID, and writes the file.
  public func save(_ item: Item) throws {
    cache[item.id] = item
    try writeFile()
  }

  /// Removes the item with the ID `id`, and writes the file.
  public func delete(_ id: Item.ID) throws {
    cache[id] = nil
    try writeFile()
  }

  /// The item with the ID `id`, or `nil`.
  public func find(by id: Item.ID) -> Item? {
    cache[id]
  }

  /// Every item, in no particular order.
  public func loadAll() -> [Item] {
    Array(cache.values)
  }

  /// Replaces the file with every item, through a temporary file renamed over it.
  private func writeFile() throws {
    let data = try JSONEncoder().encode(Array(cache.values))
    try data.write(to: fileURL, options: .atomic)
  }
}

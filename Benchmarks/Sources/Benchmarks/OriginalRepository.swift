// The original pattern this package grew from: a dictionary cache, rewritten whole on each save.

import Foundation

/// The original pattern: the `LocalRepository` actor of a widely copied article, which this
/// package grew from, unchanged in behaviour.
///
/// It keeps every item in a dictionary and, on each save, encodes them all with `JSONEncoder`
/// and writes the file with `Data.write(to:options: .atomic)`.
///
/// Two changes only, neither of which affects what it does per save: `ID == String` became
/// any `Sendable` ID (a `Question` has a `UUID`), and the folder has no default
/// (`URL.documentsDirectory` does not exist on Linux).
actor OriginalRepository<T: Codable & Identifiable & Sendable> where T.ID: Sendable {
  private var cache: [T.ID: T] = [:]
  private let fileURL: URL

  init(directory: URL, filename: String = "data.json") {
    self.fileURL = directory.appendingPathComponent(filename)
    // Synchronous load during init (actor isolation not yet active)
    self.cache = Self.loadSynchronously(from: fileURL)
  }

  // MARK: - Public API

  func save(_ item: T) throws {
    cache[item.id] = item
    try persistToFile()
  }

  func delete(_ id: T.ID) throws {
    cache[id] = nil
    try persistToFile()
  }

  func find(by id: T.ID) -> T? {
    cache[id]
  }

  func loadAll() -> [T] {
    Array(cache.values)
  }

  // MARK: - Private

  private func persistToFile() throws {
    let data = try JSONEncoder().encode(Array(cache.values))
    try data.write(to: fileURL, options: .atomic)
  }

  private static func loadSynchronously(from url: URL) -> [T.ID: T] {
    guard let data = try? Data(contentsOf: url),
      let items = try? JSONDecoder().decode([T].self, from: data)
    else { return [:] }
    return Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
  }
}

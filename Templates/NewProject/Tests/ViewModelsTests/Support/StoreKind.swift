// The stores the view-model tests run on, and the error a fake store throws.

import Foundation
import LocalStore
// store: sqlite
import LocalStoreSQLite
// store: end
import LocalStoreTestSupport

/// The stores a list runs on: the fake, and the stores on disk.
enum StoreKind: String, CaseIterable, Sendable {
  case inMemory, local
  // store: sqlite
  case sqlite
  // store: end

  /// A new empty store of `Item` values, and the folder that holds it (kept alive by the
  /// caller).
  func makeStore<Item: Codable & Identifiable & Sendable>(
    of type: Item.Type
  ) async throws -> (any Repository<Item>, TemporaryDirectory) where Item.ID: Codable & Sendable {
    let folder = try TemporaryDirectory(prefix: "__NAME__Tests")
    switch self {
    case .inMemory: return (InMemoryRepository<Item>(), folder)
    case .local:
      let store = try await LocalRepository<Item>.open(
        directory: folder.url, filename: "store.json")
      return (store, folder)
    // store: sqlite
    case .sqlite:
      let store = try await SQLiteRepository<Item>.open(
        directory: folder.url, filename: "store.sqlite")
      return (store, folder)
    // store: end
    }
  }
}

/// An error a fake store throws, with a sentence like a real one's.
struct RefusedWrite: Error, CustomStringConvertible {
  var description: String { "The disk is full." }
}

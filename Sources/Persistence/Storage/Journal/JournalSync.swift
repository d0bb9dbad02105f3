// One fsync of a journal, packaged to run on the sync queue while the actor keeps appending.

import Foundation

/// Flushes a journal through its own duplicate descriptor, then closes it.
struct JournalSync: Sendable {
  let descriptor: Int32
  let path: String
  let fileSystem: any FileSystem
  /// The store named in the error if the flush fails.
  let store: URL

  /// Closes the descriptor without flushing, when another sync covers it.
  func close() {
    try? fileSystem.close(descriptor, path: path)
  }

  /// Flushes and closes; a failure means the records may not be durable.
  func run() -> Result<Void, PersistenceError> {
    defer { try? fileSystem.close(descriptor, path: path) }
    do {
      try fileSystem.synchronize(descriptor, path: path)
      return .success(())
    } catch {
      return .failure(.notDurable(store, reason: error.description))
    }
  }
}

// One fsync of the journal, handed to the repository's syncer so that the actor is free meanwhile.

import Foundation

/// A flush of a store's journal through a descriptor of its own, run once, on any thread.
///
/// The repository's actor makes one when saves wait for a sync, and hands it to its syncer
/// queue: while the `fsync` runs there, the actor goes on answering reads and appending the
/// next saves' records. The descriptor is a duplicate of the journal's, so it stays valid
/// whatever the actor does to the journal meanwhile (a compaction replaces the file and
/// closes its descriptor); a flush of a journal already replaced is harmless, as what it
/// held is durable in the files that replaced it.
struct JournalFlush: Sendable {
  let descriptor: Int32
  let path: String
  /// The store's file, named in the error.
  let file: URL
  let fileSystem: any FileSystem

  /// Flushes the journal to stable storage and closes the descriptor.
  func run() -> Result<Void, PersistenceError> {
    defer { try? fileSystem.close(descriptor, path: path) }
    do {
      try fileSystem.synchronize(descriptor, path: path)
      return .success(())
    } catch {
      return .failure(.notDurable(file, reason: error.description))
    }
  }
}

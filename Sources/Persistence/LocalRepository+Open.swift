// Opening a store without blocking the caller: the files are read on a queue of the store's own.

import Dispatch
import Foundation

extension LocalRepository {
  /// Opens the store `filename` in `directory` without blocking the caller's thread.
  ///
  /// Everything ``init(directory:filename:configuration:)`` does (reading the snapshot and
  /// the journal, waiting for another process's lock, decoding) runs on a Dispatch queue of
  /// its own, never on the caller's thread and never on the cooperative pool, so a view model
  /// can open a store from the main actor while the interface keeps running:
  ///
  /// ```swift
  /// let notes = try await LocalRepository<Note>.open(filename: "notes.json")
  /// ```
  ///
  /// Cancelling the calling task stops a wait for another writer's lock and throws
  /// `CancellationError`; the files are left as they were.
  ///
  /// - Throws: ``PersistenceError`` as `init` does, or `CancellationError`.
  public static func open(
    directory: URL = DataDirectory.default, filename: String = "data.json",
    configuration: StoreConfiguration = StoreConfiguration()
  ) async throws -> LocalRepository {
    try await open(
      directory: directory, filename: filename, configuration: configuration,
      fileSystem: SystemFileSystem())
  }

  /// ``open(directory:filename:configuration:)`` through `fileSystem`; tests pass a double.
  static func open(
    directory: URL, filename: String, configuration: StoreConfiguration,
    fileSystem: any FileSystem
  ) async throws -> LocalRepository {
    try Task.checkCancellation()
    let queue = RepositoryQueue.make(label: "LocalRepository open \(filename)")
    let repository = try await withCheckedThrowingContinuation { continuation in
      queue.async {
        continuation.resume(
          with: Result {
            try LocalRepository(
              directory: directory, filename: filename, configuration: configuration,
              fileSystem: fileSystem)
          })
      }
    }
    try Task.checkCancellation()
    return repository
  }

  /// Returns once every change acknowledged so far is durable.
  ///
  /// For a ``Durability/durable`` store that is already so, and it returns at once. For a
  /// ``Durability/lossyOnPowerCut(syncWithin:)`` store it syncs the journal now rather than
  /// at the end of the delay: call it when the app goes to the background, or before the
  /// process exits.
  ///
  /// - Throws: ``PersistenceError/notDurable(_:reason:)`` when the sync failed.
  public func synchronize() async throws {
    guard case .lossyOnPowerCut = store.configuration.durability, store.journal.length > 0
    else { return }
    try store.synchronizeJournal()
  }
}

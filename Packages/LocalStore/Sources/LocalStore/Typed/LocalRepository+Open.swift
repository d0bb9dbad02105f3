// Opening a store without blocking the caller, and making lossy changes durable on demand.

import Foundation

extension LocalRepository {
  /// Opens the store `filename` in `directory` without blocking the caller's thread.
  ///
  /// Everything ``init(directory:filename:configuration:)`` does (reading the snapshot and
  /// the journal, waiting for another process's lock, decoding) runs on the store's own
  /// serial queue, the one its actor then runs on: never on the caller's thread and never on
  /// the cooperative pool. A view model can open a store from the main actor while the
  /// interface keeps running:
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
    let location = try StoreLocation(directory: directory, filename: filename)
    let executor = StoreExecutor(path: location.path)
    let cancelled = LockedState(false)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        executor.queue.async {
          continuation.resume(
            with: Result {
              try LocalRepository(
                location: location, configuration: configuration, fileSystem: fileSystem,
                executor: executor, isCancelled: { cancelled.withLock { $0 } })
            })
        }
      }
    } onCancel: {
      cancelled.withLock { $0 = true }
    }
  }

  /// Returns once every change acknowledged so far is durable.
  ///
  /// For a ``Durability/durable`` store that is already so, and it returns at once. For a
  /// ``Durability/lossyOnPowerCut(syncWithin:)`` store it syncs the journal now rather than
  /// at the end of the delay: call it when the app goes to the background, or before the
  /// process exits. It also waits for a compaction under way, so that a process that ends
  /// after it leaves the journal folded into the snapshot.
  ///
  /// - Throws: ``PersistenceError/notDurable(_:reason:)`` when the sync failed, or when a
  ///   background sync since the last call failed; the changes it was to make durable were
  ///   then taken back, and subscribers of ``changes()`` were told. After it returns
  ///   normally, no change acknowledged before it can be lost.
  ///   ``PersistenceError/outcomeUnknown(_:reason:)`` when taking them back failed too.
  public func synchronize() async throws {
    try await engine.synchronize()
  }
}

// Opening a SQLite store on its own queue, so that the caller never blocks.

import Foundation
import LocalStore

extension SQLiteRepository {
  /// Opens the store `filename` in `directory` without blocking the caller's thread.
  ///
  /// Everything opening does (creating the folder and file of a new store, checking that
  /// the file is a store this code reads, turning on the write-ahead log, setting and reading
  /// back `synchronous`, waiting up to ``/LocalStore/StoreConfiguration/lockTimeout`` for
  /// another process, upgrading an older schema version) runs on the store's own serial
  /// queue, the one its actor then runs on: never on the caller's thread and never on the
  /// cooperative pool. No item is read.
  ///
  /// ```swift
  /// let notes = try await SQLiteRepository<Note>.open(filename: "notes.sqlite")
  /// ```
  ///
  /// - Parameters:
  ///   - directory: The folder holding the store; created (0700) if missing.
  ///   - filename: The database's file name, without any `/`; created (0600) if missing.
  ///   - configuration: Durability, lock timeout, schema version and migrations. The size cap
  ///     and the storage strategy are the journal store's and are not used here.
  /// - Throws: ``/LocalStore/PersistenceError`` when the name is invalid, the file is not a
  ///   store of this package (``/LocalStore/PersistenceError/corrupt(_:reason:)``, the file
  ///   left as it was), was written by a newer version, or could not be set up as asked;
  ///   `CancellationError` if the calling task was cancelled before it began.
  public static func open(
    directory: URL = DataDirectory.default, filename: String = "data.sqlite",
    configuration: StoreConfiguration = StoreConfiguration()
  ) async throws -> SQLiteRepository {
    try Task.checkCancellation()
    let location = try StoreLocation(directory: directory, filename: filename)
    let executor = StoreExecutor(label: "SQLiteRepository \(location.path)")
    return try await withCheckedThrowingContinuation { continuation in
      executor.queue.async {
        continuation.resume(
          with: Result { () throws(PersistenceError) in
            let (connection, version) = try StoreDatabase.open(
              location, configuration: configuration)
            return SQLiteRepository(
              location: location, connection: connection, configuration: configuration,
              executor: executor, dataVersion: version)
          })
      }
    }
  }
}

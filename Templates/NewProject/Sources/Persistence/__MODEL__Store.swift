// Where __NAME__ keeps its __model__ values: the store and its file in the data folder.

import Foundation
import LocalStore
// store: sqlite
import LocalStoreSQLite
// store: end
import LocalStoreSync
import Models

/// The store of __model__ values: `__STORE__` in the data folder.
///
/// The one place that names the file and the kind of store: the commands, the page and the
/// tests open the store through it, so the code above sees only ``/LocalStore/Repository``.
public enum __MODEL__Store {
  /// The store's file in the data folder (its journal and lock, or its write-ahead log,
  /// beside it).
  public static let filename = "__STORE__"

  // store: journal
  /// Opens the store in `folder` without blocking the calling thread: a `LocalRepository`,
  /// read on a queue of its own (see `LocalRepository.open`), or once the folder synced, the
  /// `SyncedRepository` that took over (``syncedStore(in:)``). A missing folder or file is
  /// created at the first save; what it set aside as it opened (the end of a journal torn by
  /// a power cut, copied beside it) is in the result's `warnings`.
  public static func open(
    in folder: URL, configuration: StoreConfiguration = StoreConfiguration()
  ) async throws -> OpenedStore<__MODEL__> {
    let synced = SyncedStoreSwitch(directory: folder, filename: filename)
    if try synced.isSynced() {
      let repository: SyncedRepository<__MODEL__> = try await synced.openSynced(
        configuration: configuration)
      return OpenedStore(repository, warnings: repository.warnings)
    }
    let repository = try await LocalRepository<__MODEL__>.open(
      directory: folder, filename: filename, configuration: configuration)
    return OpenedStore(repository, warnings: repository.warnings)
  }

  /// The store's synced sibling in `folder` (`__models__.synced.json`), which the first
  /// `__EXECUTABLE__ sync` moves the values into, to be sent to a Kinto server and kept in
  /// step with it; a folder that never syncs keeps ``filename`` and its format.
  public static func syncedStore(in folder: URL) -> SyncedStoreSwitch? {
    SyncedStoreSwitch(directory: folder, filename: filename)
  }
  // store: sqlite
  /// Opens the store in `folder` without blocking the calling thread: a `SQLiteRepository`,
  /// which keeps nothing in memory between calls and reads a page at a time with
  /// `items(offset:limit:)`. A missing folder or file is created at once.
  public static func open(
    in folder: URL, configuration: StoreConfiguration = StoreConfiguration()
  ) async throws -> OpenedStore<__MODEL__> {
    let repository = try await SQLiteRepository<__MODEL__>.open(
      directory: folder, filename: filename, configuration: configuration)
    return OpenedStore(repository)
  }

  /// `nil`: the SQLite store does not sync. The synced store keeps each value with its sync
  /// state in a journal store's records (`SyncedRepository`), which a SQLite database is not;
  /// `__EXECUTABLE__ sync` says so and sends nothing. Generate the project with the journal
  /// store to sync.
  public static func syncedStore(in folder: URL) -> SyncedStoreSwitch? {
    nil
  }
  // store: end
}

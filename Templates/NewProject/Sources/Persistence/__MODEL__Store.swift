// Where __NAME__ keeps its __model__ values: the store and its file in the data folder.

import Foundation
import LocalStore
// store: sqlite
import LocalStoreSQLite
// store: end
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
  /// read on a queue of its own (see `LocalRepository.open`). A missing folder or file is
  /// created at the first save; what it set aside as it opened (the end of a journal torn by
  /// a power cut, copied beside it) is in the result's `warnings`.
  public static func open(
    in folder: URL, configuration: StoreConfiguration = StoreConfiguration()
  ) async throws -> OpenedStore<__MODEL__> {
    let repository = try await LocalRepository<__MODEL__>.open(
      directory: folder, filename: filename, configuration: configuration)
    return OpenedStore(repository, warnings: repository.warnings)
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
  // store: end
}

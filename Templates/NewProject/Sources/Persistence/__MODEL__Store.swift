// Where __NAME__ keeps its __model__ values: the store and its file in the data folder.

import Foundation
import LocalStore
import Models

/// The store of __model__ values: `__STORE__` in the data folder, a ``LocalRepository``.
///
/// The one place that names the file: the commands and the page open the store through it.
public enum __MODEL__Store {
  /// The store's file in the data folder; its journal and lock file sit beside it.
  public static let filename = "__STORE__"

  /// Opens the store in `folder` without blocking the calling thread (see
  /// `LocalRepository.open`); a missing folder or file is created at the first save.
  public static func open(
    in folder: URL, configuration: StoreConfiguration = StoreConfiguration()
  ) async throws -> LocalRepository<__MODEL__> {
    try await LocalRepository<__MODEL__>.open(
      directory: folder, filename: filename, configuration: configuration)
  }
}

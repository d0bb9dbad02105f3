// The full-screen mode's background sync: the shared BackgroundSync over the questions' synced store.

import Foundation
import LocalStore
import LocalStoreSync
import LocalStoreSyncKit
import Models

extension CommandRunner {
  /// How long the full-screen mode waits after a change before it syncs.
  static let backgroundSyncDebounce = BackgroundSync.debounce
  /// How often it syncs when nothing changes here.
  static let backgroundSyncPeriod = BackgroundSync.period

  /// The background sync of `repository`, when it is the synced store and the folder has
  /// synced once (`sync.credentials`); `nil` otherwise, and the status line says nothing of
  /// sync. A credentials file that cannot be read is `questions sync`'s to report.
  func backgroundSync(
    for repository: any Repository<Question>, in directory: URL
  ) async -> SyncStatusModel? {
    guard let store = repository as? SyncedRepository<Question>,
      let credentials = try? SyncCredentials.load(from: directory)
    else { return nil }
    return await BackgroundSync.model(
      for: store, credentials: credentials, collection: Self.syncCollection)
  }
}

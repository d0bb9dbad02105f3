// The full-screen mode's background sync: a round of the synced store's synchronizer, as counts.

import Foundation
import LocalStore
import LocalStoreSync
import Models
import ViewModels

extension CommandRunner {
  /// How long the full-screen mode waits after a change before it syncs, so that a burst of
  /// edits goes in one round.
  static let backgroundSyncDebounce = Duration.seconds(2)
  /// How often it syncs when nothing changes here, to fetch the server's changes.
  static let backgroundSyncPeriod = Duration.seconds(60)

  /// The background sync of `repository`, when it is the synced store and the folder has
  /// synced once (`sync.credentials`); `nil` otherwise, and the status line says nothing of
  /// sync. A credentials file that cannot be read is `questions sync`'s to report.
  func backgroundSync(
    for repository: any Repository<Question>, in directory: URL
  ) -> SyncStatusModel? {
    guard let store = repository as? SyncedRepository<Question>,
      let credentials = try? SyncCredentials.load(from: directory)
    else { return nil }
    let client = KintoClient(
      .init(
        server: credentials.server,
        credentials: KintoCredentials(user: credentials.user, password: credentials.password),
        timeout: .seconds(15)))
    let synchronizer = Synchronizer(client: client, store: store, collection: Self.syncCollection)
    return SyncStatusModel { await Self.backgroundRound(synchronizer) }
  }

  /// One round, its outcome as the counts the status line shows; never throws: a failed round
  /// is a state (offline, failed), and what it did not send stays pending.
  nonisolated static func backgroundRound(
    _ synchronizer: Synchronizer<SyncedRepository<Question>>
  ) async -> SyncRoundResult {
    let store = synchronizer.store
    var reachedServer = true
    var failure: String?
    do {
      _ = try await synchronizer.synchronize()
      try? await store.recordSuccessfulSync()
    } catch let error as SyncError {
      switch error {
      case .offline, .serverUnavailable: reachedServer = false
      default: failure = error.errorDescription
      }
    } catch {
      failure = String(describing: error)
    }
    return SyncRoundResult(
      pending: await store.pendingCount(), conflicts: (try? await store.conflicts().count) ?? 0,
      reachedServer: reachedServer, failure: failure)
  }
}

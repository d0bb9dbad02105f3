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
  ) async -> SyncStatusModel? {
    guard let store = repository as? SyncedRepository<Question>,
      let credentials = try? SyncCredentials.load(from: directory)
    else { return nil }
    let client = KintoClient(
      .init(
        server: credentials.server,
        credentials: KintoCredentials(user: credentials.user, password: credentials.password),
        timeout: .seconds(15)))
    let synchronizer = Synchronizer(client: client, store: store, collection: Self.syncCollection)
    let failures = FailureCount()
    // Until the first round ends: what waits, as the store says now.
    let pending = await store.pendingCount()
    return SyncStatusModel(indicator: pending == 0 ? .synced : .pending(pending)) {
      await Self.backgroundRound(synchronizer, failures: failures)
    }
  }

  /// How many background rounds in a row failed, for the growing wait after each.
  actor FailureCount {
    private var count = 0

    /// Records a round's end; returns the failures in a row so far (0 after a success).
    func record(failed: Bool) -> Int {
      count = failed ? count + 1 : 0
      return count
    }
  }

  /// One round, its outcome as the counts the status line shows; never throws: a failed round
  /// is a state (offline, failed), and what it did not send stays pending. The wait before
  /// the next round is the server's `Backoff` after a success, and after a failure the
  /// `RetrySchedule`'s growing delay with jitter, at least the server's
  /// `Retry-After` or `Backoff`.
  nonisolated static func backgroundRound(
    _ synchronizer: Synchronizer<SyncedRepository<Question>>, failures: FailureCount
  ) async -> SyncRoundResult {
    let store = synchronizer.store
    var reachedServer = true
    var failure: String?
    var wait: Duration?
    do {
      let outcome = try await synchronizer.synchronize()
      try? await store.recordSuccessfulSync()
      _ = await failures.record(failed: false)
      wait = outcome.advice.wait
    } catch let error as SyncError {
      switch error {
      case .offline, .serverUnavailable: reachedServer = false
      default: failure = error.errorDescription
      }
      let count = await failures.record(failed: true)
      wait = RetrySchedule().delay(afterFailures: count, serverWait: error.serverWait)
    } catch {
      failure = String(describing: error)
      wait = RetrySchedule().delay(afterFailures: await failures.record(failed: true))
    }
    return SyncRoundResult(
      pending: await store.pendingCount(), conflicts: (try? await store.conflicts().count) ?? 0,
      reachedServer: reachedServer, failure: failure, waitBeforeNext: wait)
  }
}

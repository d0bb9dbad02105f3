// The background sync of a front end: rounds of a synced store's synchronizer, as the counts a status line shows.

import Foundation
import LocalStore
import LocalStoreSync

/// Builds the ``SyncStatusModel`` a front end runs while it is open, for a folder that synced
/// once (it has `sync.credentials`).
public enum BackgroundSync {
  /// How long a front end waits after a change before it syncs, so that a burst of edits goes
  /// in one round.
  public static let debounce = Duration.seconds(2)
  /// How often it syncs when nothing changes here, to fetch the server's changes.
  public static let period = Duration.seconds(60)

  /// The background sync of `store` into `collection` with the server and account of
  /// `credentials`; the indicator shows what waits until the first round ends.
  @MainActor public static func model<Item: Codable & Identifiable & Sendable>(
    for store: SyncedRepository<Item>, credentials: SyncCredentials, collection: String
  ) async -> SyncStatusModel {
    let client = KintoClient(
      .init(
        server: credentials.server,
        credentials: KintoCredentials(user: credentials.user, password: credentials.password),
        timeout: .seconds(15)))
    let synchronizer = Synchronizer(client: client, store: store, collection: collection)
    let failures = FailureCount()
    let pending = await store.pendingCount()
    return SyncStatusModel(indicator: pending == 0 ? .synced : .pending(pending)) {
      await round(synchronizer, failures: failures)
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
  /// `RetrySchedule`'s growing delay with jitter, at least the server's `Retry-After` or
  /// `Backoff`.
  static func round<Item>(
    _ synchronizer: Synchronizer<SyncedRepository<Item>>, failures: FailureCount
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

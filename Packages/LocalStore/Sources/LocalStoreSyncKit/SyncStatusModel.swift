// The sync state a front end shows, and the background rounds that keep it current.

import Foundation
import LocalStore
import Observation

/// Runs a synced store's rounds in the background and says where it stands.
///
/// The round itself comes in through `init` (the app wires a `Synchronizer` of the sync
/// module; tests pass a closure), so the view model needs no network. ``keepSynced(following:debounce:period:)``
/// is the one structured loop a screen runs beside its others (`async let`): a round at once,
/// one after local changes settle, and one every period; it ends when its task is cancelled.
/// Rounds never overlap: one asked for while another runs is run once after it.
@Observable @MainActor public final class SyncStatusModel {
  /// Where the store stands, after the last round.
  public private(set) var indicator: SyncIndicator
  /// How many rounds ran, for tests and diagnostics.
  public private(set) var rounds = 0
  /// Whether a round runs now.
  @ObservationIgnored private var isRunning = false
  /// Whether another round was asked for while one ran.
  @ObservationIgnored private var needsAnotherRound = false
  /// No round before this instant: the last round's ``SyncRoundResult/waitBeforeNext``.
  @ObservationIgnored private var notBefore: ContinuousClock.Instant?
  /// One round.
  @ObservationIgnored private let round: @Sendable () async -> SyncRoundResult

  /// A model that runs `round` for each round, showing `indicator` until the first ends.
  public init(
    indicator: SyncIndicator = .pending(0),
    round: @escaping @Sendable () async -> SyncRoundResult
  ) {
    self.indicator = indicator
    self.round = round
  }

  /// Runs a round now, or once more after the one under way; does nothing while the last
  /// round's wait (the server's `Backoff` or `Retry-After`, or a delay after failures) runs:
  /// the changes stay pending for the first round after it.
  public func syncNow() async {
    if let notBefore, ContinuousClock.now < notBefore { return }
    if isRunning {
      needsAnotherRound = true
      return
    }
    isRunning = true
    defer { isRunning = false }
    repeat {
      needsAnotherRound = false
      let result = await round()
      rounds += 1
      indicator = SyncIndicator(result)
      notBefore = result.waitBeforeNext.map { ContinuousClock.now + $0 }
    } while needsAnotherRound && notBefore == nil && !Task.isCancelled
  }

  /// Syncs at once, then `debounce` after each change of `changes` (changes that arrive
  /// meanwhile merge into one round), and every `period`, until the task is cancelled.
  public func keepSynced<ID: Hashable & Sendable>(
    following changes: RepositoryChanges<ID>, debounce: Duration, period: Duration
  ) async {
    await syncNow()
    async let afterChanges: Void = syncAfterEachChange(of: changes, debounce: debounce)
    async let periodically: Void = syncEvery(period)
    _ = await (afterChanges, periodically)
  }

  /// A round `debounce` after each change of `changes`, until the task is cancelled.
  private func syncAfterEachChange<ID: Hashable & Sendable>(
    of changes: RepositoryChanges<ID>, debounce: Duration
  ) async {
    for await _ in changes {
      do { try await Task.sleep(for: debounce) } catch { return }
      await syncNow()
    }
  }

  /// A round every `period`, until the task is cancelled.
  private func syncEvery(_ period: Duration) async {
    while true {
      do { try await Task.sleep(for: period) } catch { return }
      await syncNow()
    }
  }
}

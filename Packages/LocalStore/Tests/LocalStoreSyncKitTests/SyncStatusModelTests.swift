// The background sync's view model: its indicator, rounds that never overlap, a round after a change.

import Foundation
import LocalStore
import LocalStoreSyncKit
import LocalStoreTestSupport
import Testing

/// Counts the rounds under way and lets a test hold the first until it says so.
private actor RoundGate {
  private(set) var running = 0
  private(set) var mostAtOnce = 0
  private(set) var started = 0
  private var held: CheckedContinuation<Void, Never>?
  private var holdsFirst: Bool

  init(holdsFirst: Bool) {
    self.holdsFirst = holdsFirst
  }

  func round(_ result: SyncRoundResult) async -> SyncRoundResult {
    running += 1
    started += 1
    mostAtOnce = max(mostAtOnce, running)
    if holdsFirst {
      holdsFirst = false
      await withCheckedContinuation { held = $0 }
    }
    running -= 1
    return result
  }

  /// Lets the held round end.
  func release() {
    held?.resume()
    held = nil
  }

  var isHolding: Bool { held != nil }
}

@MainActor
@Suite struct SyncStatusModelTests {
  @Test(arguments: [
    (SyncRoundResult(pending: 0, conflicts: 0, reachedServer: true), SyncIndicator.synced),
    (SyncRoundResult(pending: 3, conflicts: 0, reachedServer: true), .pending(3)),
    (SyncRoundResult(pending: 2, conflicts: 0, reachedServer: false), .offline(pending: 2)),
    (SyncRoundResult(pending: 1, conflicts: 1, reachedServer: true), .conflict(1)),
    (SyncRoundResult(pending: 1, conflicts: 0, reachedServer: true, failure: "no"), .failed("no")),
  ])
  func aRoundsResultBecomesTheIndicator(
    _ result: SyncRoundResult, _ expected: SyncIndicator
  )
    async
  {
    let model = SyncStatusModel { result }
    await model.syncNow()
    #expect(model.indicator == expected)
    #expect(!model.indicator.text.isEmpty)
  }

  @Test func aRoundAskedForWhileOneRunsRunsOnceAfterItNeverBeside() async throws {
    let gate = RoundGate(holdsFirst: true)
    let result = SyncRoundResult(pending: 0, conflicts: 0, reachedServer: true)
    let model = SyncStatusModel { await gate.round(result) }
    async let first: Void = model.syncNow()
    while await !gate.isHolding { await Task.yield() }
    // Asked twice while the first is held: one more round, after it.
    await model.syncNow()
    await model.syncNow()
    #expect(await gate.started == 1)
    await gate.release()
    await first
    #expect(model.rounds == 2)
    #expect(await gate.mostAtOnce == 1)
  }

  @Test func theServersWaitHoldsTheNextRoundBackUntilItPasses() async throws {
    let model = SyncStatusModel {
      SyncRoundResult(
        pending: 1, conflicts: 0, reachedServer: false, waitBeforeNext: .milliseconds(300))
    }
    await model.syncNow()
    await model.syncNow()
    #expect(model.rounds == 1)
    #expect(model.indicator == .offline(pending: 1))
    try await Task.sleep(for: .milliseconds(400))
    await model.syncNow()
    #expect(model.rounds == 2)
  }

  @Test func keepingSyncedRunsARoundAtOnceAndOneAfterAChange() async throws {
    let notes = InMemoryRepository<Note>()
    let model = SyncStatusModel {
      SyncRoundResult(pending: 0, conflicts: 0, reachedServer: true)
    }
    let changes = await notes.changes()
    let following = Task { @MainActor in
      await model.keepSynced(following: changes, debounce: .milliseconds(5), period: .seconds(3600))
    }
    while model.rounds < 1 { await Task.yield() }
    try await notes.save(Note(title: "changed"))
    let deadline = ContinuousClock.now + .seconds(10)
    while model.rounds < 2, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(model.rounds == 2)
    #expect(model.indicator == .synced)
    following.cancel()
    await following.value
  }
}

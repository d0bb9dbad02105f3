// Helpers for tests that hold a repository's actor busy and watch the jobs queue up behind it.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

extension LocalRepository {
  /// Counts itself in `entered`, then keeps the actor busy until `gate` is signalled.
  func hold(until gate: DispatchSemaphore, signalling entered: Guarded<Int>) {
    entered.withLock { $0 += 1 }
    gate.wait()
  }
}

/// How long the waits below give the pool to get to a test's tasks before they call it a
/// hang. A guard, not a timing: under the thread sanitizer, with every suite running at once
/// on two cores, the pool has taken over two minutes to run a `.low` task.
let hangGuard = Duration.seconds(300)

/// Polls `entered` until it reaches `count`, or fails after ``hangGuard``. (Waiting on a
/// semaphore instead would block a thread of the pool, which the tasks the test starts need.)
func waitUntil(_ entered: Guarded<Int>, reaches count: Int) async throws {
  let deadline = ContinuousClock.now + hangGuard
  while entered.read({ $0 }) < count {
    try #require(ContinuousClock.now < deadline, "\(count) never reached")
    try await Task.sleep(for: .microseconds(200))
  }
}

/// Polls the repository's executor until `count` jobs wait on it, or fails after ``hangGuard``.
func waitUntil<T>(_ repository: LocalRepository<T>, hasWaiting count: Int) async throws {
  let deadline = ContinuousClock.now + hangGuard
  while repository.executor.waitingJobCount < count {
    try #require(ContinuousClock.now < deadline, "\(count) jobs never queued up")
    try await Task.sleep(for: .microseconds(200))
  }
}

/// Polls `done` for up to ``hangGuard`` and returns whether it reached 1 meanwhile: for work
/// that must get through while something else is held, and would otherwise hang the test.
func finishesWhileHeld(_ done: Guarded<Int>) async throws -> Bool {
  let deadline = ContinuousClock.now + hangGuard
  while done.read({ $0 }) == 0 && ContinuousClock.now < deadline {
    try await Task.sleep(for: .milliseconds(1))
  }
  return done.read { $0 } == 1
}

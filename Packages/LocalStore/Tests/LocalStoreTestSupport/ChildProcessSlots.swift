// Limits how many child processes the tests run at once, waiting without holding a thread.

import Foundation

/// A count of child processes allowed to run at once, one per core: a test waits here, off
/// the cooperative pool, until a slot is free.
///
/// Without it every test that starts a child runs it at once: on two cores with the thread
/// sanitizer, a hundred instrumented children starved the tests that follow a store's files
/// past their time limits.
actor ChildProcessSlots {
  /// The slots every ``ChildProcess/run(_:_:environment:input:)`` shares.
  static let shared = ChildProcessSlots(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) {
    free = count
  }

  /// Runs `body` once a slot is free, and frees the slot afterwards.
  nonisolated func withSlot<Value: Sendable>(
    _ body: () async throws -> Value
  ) async rethrows -> Value {
    await take()
    do {
      let value = try await body()
      await give()
      return value
    } catch {
      await give()
      throw error
    }
  }

  private func take() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  private func give() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}

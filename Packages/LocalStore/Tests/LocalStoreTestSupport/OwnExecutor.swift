// Runs a test's async body on an executor of its own instead of the cooperative pool.

import Dispatch

/// A task executor on a serial queue of its own: a task that prefers it runs its nonisolated
/// code there, not on Swift's cooperative pool.
///
/// For a test that blocks a pool thread on purpose (a gate inside code that runs on the pool)
/// and must go on meanwhile: on two cores the pool has two threads, and the tests running
/// beside it may hold the other one, so a test body on the pool could wait for its own gate.
@available(macOS 15.0, iOS 18.0, *)
public final class OwnExecutor: TaskExecutor {
  private let queue: DispatchQueue

  /// An executor whose jobs run one at a time on a new queue named `label`.
  public init(label: String) {
    queue = DispatchQueue(label: label)
  }

  /// Runs `job` on this executor's queue.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}

/// Runs `body` with a preference for an executor of its own (see ``OwnExecutor``); tasks it
/// starts with `Task { }` still run on the pool. Where task executors are missing (before
/// macOS 15 and iOS 18), `body` runs where it is called.
///
/// ```swift
/// try await onOwnExecutor {
///   let found = await repository.find(by: 1)
///   #expect(found != nil)
/// }
/// ```
public func onOwnExecutor<Value: Sendable>(
  _ body: () async throws -> Value
) async rethrows -> Value {
  guard #available(macOS 15.0, iOS 18.0, *) else { return try await body() }
  return try await withTaskExecutorPreference(OwnExecutor(label: "test body")) {
    try await body()
  }
}

// A serial executor on a private Dispatch queue, so an actor's blocking file I/O stays off
// the cooperative thread pool.

import Dispatch
import Synchronization

/// Runs an actor's jobs one at a time on its own Dispatch queue.
///
/// Swift concurrency's cooperative pool has one thread per core; a job that blocks in
/// `fsync` holds one of them and stalls unrelated tasks. An actor whose `unownedExecutor`
/// is one of these runs on a Dispatch thread instead, where blocking is expected. The actor
/// is still serial, so its writes happen in the order its methods run.
final class SerialQueueExecutor: SerialExecutor {
  private let queue: DispatchQueue
  private let queuedJobs = Atomic<Int>(0)
  private static let labelKey = DispatchSpecificKey<String>()

  /// Creates an executor on a new serial queue with the given label.
  init(label: String) {
    queue = Self.makeQueue(label: label)
  }

  /// A serial queue for a repository's blocking work, tagged so ``currentLabel`` finds it.
  static func makeQueue(label: String) -> DispatchQueue {
    let queue = DispatchQueue(label: label)
    queue.setSpecific(key: labelKey, value: label)
    return queue
  }

  /// The label of the repository queue running the caller (an executor's, or one made by
  /// ``makeQueue(label:)``), or `nil` anywhere else, such as on the cooperative thread pool.
  static var currentLabel: String? {
    DispatchQueue.getSpecific(key: labelKey)
  }

  /// Whether jobs are waiting to run after the current one, such as callers of the actor.
  var hasQueuedJobs: Bool {
    queuedJobs.load(ordering: .relaxed) > 0
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queuedJobs.add(1, ordering: .relaxed)
    queue.async {
      self.queuedJobs.subtract(1, ordering: .relaxed)
      job.runSynchronously(on: executor)
    }
  }

  func checkIsolated() {
    dispatchPrecondition(condition: .onQueue(queue))
  }
}

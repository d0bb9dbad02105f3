// Runs an actor's code on a serial Dispatch queue of its own, off Swift's shared pool.

import Dispatch

/// A serial executor backed by a private Dispatch queue. An actor that returns it from
/// `unownedExecutor` runs every method on that queue, one at a time, so a call that blocks
/// holds the queue's thread instead of one of the pool's few.
public final class QueueExecutor: SerialExecutor {
  private let queue: DispatchQueue

  public init(name: String) {
    queue = DispatchQueue(label: name)
  }

  /// Called by Swift for each piece of the actor's work: run it on the queue, in order.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async {
      job.runSynchronously(on: executor)
    }
  }
}

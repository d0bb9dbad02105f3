// A serial executor that runs an actor's jobs on a private Dispatch queue (SE-0392).

import Dispatch

/// Runs every job of the actor that uses it on one serial Dispatch queue, off the cooperative
/// pool, as GRDB's `DispatchQueueActor` does; `DispatchSerialQueue` is not on Linux.
final class DispatchQueueExecutor: SerialExecutor {
  private let queue: DispatchQueue

  init(label: String) {
    queue = DispatchQueue(label: label)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}

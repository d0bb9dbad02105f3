// The serial executor a repository's actor runs on: a private Dispatch queue, off the pool.

import Dispatch

/// Runs one ``LocalRepository``'s jobs, one at a time and in the order they arrive, on a
/// private serial Dispatch queue instead of Swift concurrency's cooperative pool.
///
/// The cooperative pool has one thread per core. A store must wait in `flock`, `write` and
/// `fsync`; done on the pool, each of those waits would hold a thread that every other task
/// in the process shares. A repository therefore gives its actor this executor (SE-0392), so
/// the actor's isolated methods, and the blocking system calls inside them, run on a thread
/// of their own, while the compiler still checks every access to the actor's state.
///
/// It also counts the jobs waiting behind the one that runs, so that the actor can tell
/// whether anyone could share the `fsync` it is about to make (see
/// ``LocalRepository/waitUntilDurable()``). The runtime enqueues jobs from any thread, which
/// no actor can stand for, so that count is the one piece of state here behind a lock.
///
/// The queue is tagged through ``RepositoryQueue`` so that tests can tell its thread apart.
final class StoreExecutor: SerialExecutor {
  /// The queue every job of the actor runs on.
  let queue: DispatchQueue
  /// The jobs enqueued that have not started yet.
  private let waitingJobs = LockedState(0)

  /// Creates an executor on a new serial queue named after the store at `path`.
  init(path: String) {
    queue = RepositoryQueue.make(label: "LocalRepository \(path)")
  }

  /// Runs `job` on the queue after every job enqueued before it.
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    waitingJobs.withLock { $0 += 1 }
    queue.async {
      self.waitingJobs.withLock { $0 -= 1 }
      job.runSynchronously(on: executor)
    }
  }

  /// Whether any job waits behind the one running now; call it from a job of this executor.
  var hasWaitingJobs: Bool {
    waitingJobs.withLock { $0 > 0 }
  }

  /// This executor, as the runtime refers to it.
  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

// The serial executor a repository's actor runs on: a private Dispatch queue, off the pool.

import Dispatch

/// Runs one ``LocalRepository``'s jobs, one at a time, on a private serial Dispatch queue
/// instead of Swift concurrency's cooperative pool.
///
/// The cooperative pool has one thread per core. A store must wait in `flock`, `write` and
/// `fsync`; done on the pool, each of those waits would hold a thread that every other task
/// in the process shares. A repository therefore gives its actor this executor (SE-0392), so
/// the actor's isolated methods, and the blocking system calls inside them, run on a thread
/// of their own, while the compiler still checks every access to the actor's state.
///
/// It takes its jobs the way a default actor does: the highest priority first, and in the
/// order they came within one priority (``WaitingJobs``). So a read made at the priority of a
/// user interface is not held behind a thousand saves of a lower-priority import. Knowing the
/// jobs that wait also tells the actor whether anyone could share the `fsync` it is about to
/// make (see ``LocalRepository/waitUntilDurable()``). The runtime enqueues jobs from any
/// thread, which no actor can stand for, so the waiting jobs are the one piece of state here
/// behind a lock.
///
/// The queue is tagged through ``RepositoryQueue`` so that tests can tell its thread apart.
final class StoreExecutor: SerialExecutor {
  /// The queue every job of the actor runs on.
  let queue: DispatchQueue
  /// The jobs enqueued that have not started yet.
  private let waitingJobs = LockedState(WaitingJobs())

  /// Creates an executor on a new serial queue named after the store at `path`.
  init(path: String) {
    queue = RepositoryQueue.make(label: "LocalRepository \(path)")
  }

  /// Adds `job` to the waiting jobs and asks the queue for one more turn.
  ///
  /// Each turn runs whichever waiting job comes first at that moment, which need not be
  /// `job`: there are as many turns as jobs, so every job gets one.
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    waitingJobs.withLock { $0.append(job) }
    queue.async {
      guard let next = self.waitingJobs.withLock({ $0.removeFirst() }) else { return }
      next.runSynchronously(on: self.asUnownedSerialExecutor())
    }
  }

  /// Whether any job waits behind the one running now; call it from a job of this executor.
  var hasWaitingJobs: Bool {
    waitingJobCount > 0
  }

  /// How many jobs wait to run.
  var waitingJobCount: Int {
    waitingJobs.withLock { $0.count }
  }

  /// This executor, as the runtime refers to it.
  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

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
/// The queue is tagged through ``RepositoryQueue`` so that tests can tell its thread apart.
final class StoreExecutor: SerialExecutor {
  /// The queue every job of the actor runs on.
  let queue: DispatchQueue

  /// Creates an executor on a new serial queue named after the store at `path`.
  init(path: String) {
    queue = RepositoryQueue.make(label: "LocalRepository \(path)")
  }

  /// Runs `job` on the queue after every job enqueued before it.
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async {
      job.runSynchronously(on: executor)
    }
  }

  /// This executor, as the runtime refers to it.
  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

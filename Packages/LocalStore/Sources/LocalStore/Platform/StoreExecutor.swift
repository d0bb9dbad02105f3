// The serial executor a repository's actor runs on: a private Dispatch queue, off the pool.

import Dispatch

/// Runs one ``LocalRepository``'s jobs, one at a time, on a private serial Dispatch queue
/// instead of Swift concurrency's cooperative pool (SE-0392).
///
/// The pool has one thread per core. A store waits in `flock`, `write` and `fsync`; on the
/// pool each wait would hold a thread every other task in the process shares. On the
/// repository's own queue it holds nothing but the repository, and the compiler still checks
/// every access to the actor's state.
///
/// Jobs run highest priority first, in arrival order within one priority, as a default
/// actor takes its jobs: a read made from a screen runs before the saves of an import queued
/// ahead of it. The runtime enqueues from any thread, so the waiting jobs are the one piece
/// of state here behind a lock (``LockedState``, named in the design decisions).
package final class StoreExecutor: SerialExecutor {
  /// The queue every job of the actor runs on.
  package let queue: DispatchQueue
  /// The jobs enqueued and not started: one lane per priority, highest first, each taken
  /// from `next` on.
  private let lanes = LockedState<[(priority: UInt8, jobs: [UnownedJob], next: Int)]>([])

  /// Creates an executor on a new serial queue named after the store at `path`.
  init(path: String) {
    queue = Self.makeQueue(label: "LocalRepository \(path)")
  }

  /// Creates an executor on a new serial queue labelled `label`, for a store of another
  /// module (such as the SQLite store) that owns its connection through this executor.
  package init(label: String) {
    queue = Self.makeQueue(label: label)
  }

  /// Adds `job` behind the jobs of its priority and asks the queue for one more turn; each
  /// turn runs whichever job comes first then, so every job gets one.
  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let priority = job.priority.rawValue
    lanes.withLock { lanes in
      if let lane = lanes.firstIndex(where: { $0.priority == priority }) {
        lanes[lane].jobs.append(job)
      } else {
        let index = lanes.firstIndex { $0.priority < priority } ?? lanes.endIndex
        lanes.insert((priority, [job], 0), at: index)
      }
    }
    queue.async {
      let next = self.lanes.withLock { lanes -> UnownedJob? in
        guard !lanes.isEmpty else { return nil }
        let job = lanes[0].jobs[lanes[0].next]
        lanes[0].next += 1
        if lanes[0].next == lanes[0].jobs.count {
          lanes.removeFirst()
        } else if lanes[0].next >= 1024 {
          // A lane that never empties, under steady load, must not grow without end.
          lanes[0].jobs.removeFirst(lanes[0].next)
          lanes[0].next = 0
        }
        return job
      }
      next?.runSynchronously(on: self.asUnownedSerialExecutor())
    }
  }

  /// Suspends the caller, a job of this executor, and resumes it behind the jobs of its
  /// priority that wait now: a save lets the saves queued behind it append before it flushes,
  /// so that one flush covers them all.
  ///
  /// No hop to another thread. A resumed continuation goes to the task's executor
  /// preference, or else to the cooperative pool, which then hops back to the actor: two
  /// thread switches, about a tenth of a lone durable save on Linux. So the wait runs with this
  /// executor as the task's preference (SE-0417), and the task comes back straight to the
  /// actor's queue. Apple systems before macOS 15 and iOS 18 have no task executors, and take
  /// the trip through the pool.
  func yieldToWaitingJobs(isolation: isolated (any Actor)? = #isolation) async {
    if #available(macOS 15.0, iOS 18.0, *) {
      await withTaskExecutorPreference(self) { await resumeBehindWaitingJobs() }
    } else {
      await resumeBehindWaitingJobs()
    }
  }

  /// Suspends the caller until the queue has run the jobs waiting now.
  private func resumeBehindWaitingJobs(isolation: isolated (any Actor)? = #isolation) async {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume() }
    }
  }

  /// How many jobs wait to run. Only tests ask (through `@testable import`): it is how a test
  /// knows that the call it started has reached the actor's queue, so that it can hold the
  /// actor and make an interleaving happen on every run instead of by luck.
  var waitingJobCount: Int {
    lanes.withLock { $0.reduce(0) { $0 + $1.jobs.count - $1.next } }
  }

  /// Traps unless the caller runs on this executor's queue: what the runtime asks before it
  /// trusts `assumeIsolated` on it.
  package func checkIsolated() {
    dispatchPrecondition(condition: .onQueue(queue))
  }

  /// This executor, as the runtime refers to it.
  package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  private static let labelKey = DispatchSpecificKey<String>()

  /// A serial queue for a repository's blocking work (its actor, its syncer, a compaction),
  /// tagged so that ``currentQueueLabel`` can tell its threads from the pool's.
  static func makeQueue(label: String) -> DispatchQueue {
    let queue = DispatchQueue(label: label)
    queue.setSpecific(key: labelKey, value: label)
    return queue
  }

  /// The label of the repository queue running the caller, or `nil` anywhere else, such as
  /// on the cooperative pool. Only tests ask (through `@testable import`): their file-system
  /// double records every call made off these queues, which is how they prove that no file
  /// is touched from the pool. Nothing else can tell one Dispatch queue from another on Linux.
  static var currentQueueLabel: String? {
    DispatchQueue.getSpecific(key: labelKey)
  }
}

/// A task that prefers this executor runs its nonisolated steps here, and a continuation it
/// resumes comes back here (see ``StoreExecutor/yieldToWaitingJobs(isolation:)``).
@available(macOS 15.0, iOS 18.0, *)
extension StoreExecutor: TaskExecutor {}

// The jobs waiting on a repository's executor, taken highest priority first, in arrival order
// within one priority.

/// The jobs enqueued on a ``StoreExecutor`` that have not started yet.
///
/// They are taken the way Swift's default actors take theirs: the highest priority first
/// and, among jobs of one priority, the oldest first. A read made at the priority of a user
/// interface therefore runs before a burst of saves made at a lower one, instead of waiting
/// for every save queued before it; jobs of one priority keep the order they came in.
struct WaitingJobs {
  /// The jobs of one priority, oldest first, from `next` on.
  private struct Lane {
    let priority: UInt8
    var jobs: [UnownedJob]
    var next = 0
  }

  /// One lane per priority with jobs waiting, highest priority first.
  private var lanes: [Lane] = []

  /// How many jobs wait.
  private(set) var count = 0

  /// Adds `job` behind the jobs of its priority.
  mutating func append(_ job: UnownedJob) {
    let priority = job.priority.rawValue
    count += 1
    let index = lanes.firstIndex { $0.priority <= priority } ?? lanes.endIndex
    if index < lanes.endIndex && lanes[index].priority == priority {
      lanes[index].jobs.append(job)
    } else {
      lanes.insert(Lane(priority: priority, jobs: [job]), at: index)
    }
  }

  /// Takes the oldest job of the highest priority, or returns `nil` when none waits.
  mutating func removeFirst() -> UnownedJob? {
    guard !lanes.isEmpty else { return nil }
    let job = lanes[0].jobs[lanes[0].next]
    lanes[0].next += 1
    count -= 1
    if lanes[0].next == lanes[0].jobs.count {
      lanes.removeFirst()
    } else if lanes[0].next >= 64 && lanes[0].next * 2 >= lanes[0].jobs.count {
      // A lane that never empties, under steady load, must not grow without end.
      lanes[0].jobs.removeFirst(lanes[0].next)
      lanes[0].next = 0
    }
    return job
  }
}

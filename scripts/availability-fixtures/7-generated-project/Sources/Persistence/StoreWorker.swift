// Case 7: the generated project's Persistence, with case 1 in it.
import Synchronization

final class StoreWorker: Sendable {
  let queuedJobs = Atomic<Int>(0)
}

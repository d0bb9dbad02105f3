// Case 1: a counter kept in an `Atomic`, which needs macOS 15 / iOS 18.
import Synchronization

final class StoreWorker: Sendable {
  let queuedJobs = Atomic<Int>(0)

  func enqueue() {
    queuedJobs.add(1, ordering: .relaxed)
  }
}

// The private Dispatch queue a repository's actor runs on, off the cooperative pool, tagged so
// that tests can tell it from any other thread.

import Dispatch

/// Makes and recognises the serial queue of a ``LocalRepository``'s executor
/// (`StoreExecutor`).
///
/// Swift concurrency's cooperative pool has one thread per core; a job that blocks in
/// `fsync` holds one of them and stalls unrelated tasks. A Dispatch queue's thread is where
/// blocking is expected.
enum RepositoryQueue {
  private static let labelKey = DispatchSpecificKey<String>()

  /// A serial queue for a repository's blocking work, tagged so ``currentLabel`` finds it.
  static func make(label: String) -> DispatchQueue {
    let queue = DispatchQueue(label: label)
    queue.setSpecific(key: labelKey, value: label)
    return queue
  }

  /// The label of the repository queue running the caller, or `nil` anywhere else, such as
  /// on the cooperative thread pool.
  static var currentLabel: String? {
    DispatchQueue.getSpecific(key: labelKey)
  }
}

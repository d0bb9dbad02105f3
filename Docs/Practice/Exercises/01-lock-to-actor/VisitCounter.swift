// Exercise 1: a counter shared by many tasks, guarded by a lock the compiler cannot check.

import Foundation

/// Counts visits per page. Many tasks record visits at once.
///
/// It claims `Sendable`, so any task may hold it, and guards its dictionary with a lock. But
/// one method forgot the lock, and nothing noticed. Make the compiler check it instead.
final class VisitCounter: Sendable {
  private let lock = NSLock()
  private var counts: [String: Int] = [:]

  /// Adds one visit to `page`.
  func record(_ page: String) {
    lock.lock()
    counts[page, default: 0] += 1
    lock.unlock()
  }

  /// The number of visits to `page` so far.
  func count(for page: String) -> Int {
    counts[page] ?? 0
  }
}

// Wrong fix: keep the class and the lock, take the lock in count(for:) too, and write
// `@unchecked Sendable`. Correct today, but the compiler checks nothing: the next method that
// forgets the lock is the same race, and nothing will say so.
// Refused by: does not compile as an actor whose state is isolated

import Foundation

/// Counts visits per page. Many tasks record visits at once.
final class VisitCounter: @unchecked Sendable {
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
    lock.lock()
    defer { lock.unlock() }
    return counts[page] ?? 0
  }
}

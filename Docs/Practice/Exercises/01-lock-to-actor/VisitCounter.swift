// Exercise 1: a counter shared by many tasks, guarded by a lock the compiler cannot check.

import Foundation

/// Counts visits per page. Many tasks record visits at once.
///
/// An actor: its dictionary is isolated state, and the compiler checks every access.
actor VisitCounter {
  private var counts: [String: Int] = [:]

  /// Adds one visit to `page`.
  func record(_ page: String) {
    counts[page, default: 0] += 1
  }

  /// The number of visits to `page` so far.
  func count(for page: String) -> Int {
    counts[page] ?? 0
  }
}

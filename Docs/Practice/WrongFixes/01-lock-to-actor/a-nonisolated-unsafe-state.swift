// Wrong fix: an actor whose dictionary is `nonisolated(unsafe)` and whose methods are `nonisolated`.
// It compiles in Swift 6 mode without strict checks, and it is the same data race, hidden:
// nothing isolates the dictionary, so two tasks still change it at once.
// Refused by: does not compile as an actor whose state is isolated

import Foundation

/// Counts visits per page. Many tasks record visits at once.
actor VisitCounter {
  nonisolated(unsafe) private var counts: [String: Int] = [:]

  /// Adds one visit to `page`.
  nonisolated func record(_ page: String) {
    counts[page, default: 0] += 1
  }

  /// The number of visits to `page` so far.
  nonisolated func count(for page: String) -> Int {
    counts[page] ?? 0
  }
}

// Wrong fix: an actor whose record(_:) starts a `Task` to do the counting, "so that callers do
// not wait". The task runs on the actor later: record returns before the visit is counted, so
// a count asked right after it is one short.
// Refused by: each visit must be counted before record returns

import Foundation

/// Counts visits per page. Many tasks record visits at once.
actor VisitCounter {
  private var counts: [String: Int] = [:]

  /// Adds one visit to `page`.
  func record(_ page: String) {
    Task { self.add(page) }
  }

  private func add(_ page: String) {
    counts[page, default: 0] += 1
  }

  /// The number of visits to `page` so far.
  func count(for page: String) -> Int {
    counts[page] ?? 0
  }
}

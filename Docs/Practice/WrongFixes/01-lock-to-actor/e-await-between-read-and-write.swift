// Wrong fix: an actor that reads the count, awaits (here a log of the visit, in the app an
// analytics call), then writes the count back. The actor is reentrant at that `await`: a
// thousand visits at once all read the same count, and most of them are lost.
// Refused by: no record may read the count, suspend, and write back a stale one

import Foundation

/// Counts visits per page. Many tasks record visits at once.
actor VisitCounter {
  private var counts: [String: Int] = [:]

  /// Adds one visit to `page`.
  func record(_ page: String) async {
    let current = counts[page] ?? 0
    await note(page)
    counts[page] = current + 1
  }

  /// Notes the visit, as an analytics call would.
  private nonisolated func note(_ page: String) async {
    await Task.yield()
  }

  /// The number of visits to `page` so far.
  func count(for page: String) -> Int {
    counts[page] ?? 0
  }
}

// Wrong fix: make the class `@MainActor`. It compiles and is free of races, but every visit
// recorded by any task now waits for the main thread, which draws the screen.
// Refused by: does not compile as an actor whose state is isolated

import Foundation

/// Counts visits per page. Many tasks record visits at once.
@MainActor final class VisitCounter {
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

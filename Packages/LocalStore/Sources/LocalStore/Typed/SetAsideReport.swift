// What applying a file of set-aside journal records did: how many changes went in, and where it went.

import Foundation

/// The outcome of ``LocalRepository/applySetAsideRecords(from:)``.
public struct SetAsideReport: Sendable, Equatable {
  /// The records whose change was saved, each as one change through the normal save path.
  public var applied: Int
  /// The records whose change the store already held (the same items, or none of the
  /// items a deletion names), which were left out rather than applied a second time.
  public var alreadyApplied: Int

  /// Where the file now is: renamed from `….unapplied-<time>` to `….applied-<time>` once
  /// every change was in the store, so that it is not applied twice; `nil` when its name
  /// has no `.unapplied-` in it.
  public var renamedTo: URL?

  /// A report of the given counts.
  public init(applied: Int = 0, alreadyApplied: Int = 0, renamedTo: URL? = nil) {
    self.applied = applied
    self.alreadyApplied = alreadyApplied
    self.renamedTo = renamedTo
  }
}

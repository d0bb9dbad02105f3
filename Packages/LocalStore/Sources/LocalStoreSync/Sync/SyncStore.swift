// What a store must provide, atomically, to be synced.

import Foundation

/// A store that keeps an outbox of local changes, a pull cursor and its conflicts.
///
/// Each method is atomic and ``commit(_:)`` is one durable step: after a crash, a store shows
/// either all of an update or none of it. A journal-backed store implements ``commit(_:)`` as
/// one engine transaction (the steps and the cursor appended as one record), so marking sent
/// changes and applying a pulled page with its cursor never half-happen. Local changes made
/// meanwhile are never lost: the rules of each ``SyncStep`` say when a step is skipped.
public protocol SyncStore: Sendable {
  /// The pending local changes, at most one per item, oldest first; those held by an
  /// unresolved conflict of the same revision are left out (they wait for a person).
  func pendingChanges() async throws -> [PendingChange]
  /// Where the pulls stand: the cursor (the `last_modified` of the last remote change
  /// applied, `nil` before the first pull) and how far back every change is known read.
  func pullMarks() async throws -> PullMarks
  /// Applies `update` (its steps, then its cursor and marks) as one durable step.
  func commit(_ update: SyncUpdate) async throws
}

extension SyncStore {
  /// The pull cursor: the `last_modified` of the last remote change applied, or `nil` before
  /// the first pull.
  public func pullCursor() async throws -> Int64? {
    try await pullMarks().cursor
  }
}

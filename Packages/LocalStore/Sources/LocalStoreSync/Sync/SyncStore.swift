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
  /// The pull cursor: the `last_modified` of the last remote change applied, or `nil` before
  /// the first pull.
  func pullCursor() async throws -> Int64?
  /// Applies `update` (its steps, then its cursor) as one durable step.
  func commit(_ update: SyncUpdate) async throws
}

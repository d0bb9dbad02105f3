// The pull half of a round: the changes since the cursor, page by page, each page one step.

import Foundation

extension Synchronizer {
  /// Pulls the changes since the store's cursor, less ``pullOverlap``, following `Next-Page`;
  /// each page and its cursor (the page's newest `last_modified`) are committed together.
  ///
  /// Why the overlap: Kinto gives a record its `last_modified` when the write starts, and
  /// other devices see it when the write's transaction commits. On PostgreSQL two writes at
  /// once can commit in the other order, so a pull may see a newer record while an older one
  /// is still invisible; a cursor moved past the newer one would skip the older one for
  /// good. `make bench`'s `sync-scale` row found devices that never agreed that way. So each
  /// pull reads again the changes of the last ``pullOverlap`` before the cursor; a version
  /// the store holds already changes nothing (the stores ignore a remote version they know),
  /// and only records past the cursor count as ``SyncOutcome/pulled``.
  func pull(into outcome: inout SyncOutcome) async throws {
    let cursor = try await storeCall { try await store.pullCursor() }
    let since = cursor.map { max(0, $0 - Self.pullOverlap) }
    var page = try await client.changes(in: collection, since: since)
    while true {
      outcome.advice = outcome.advice.merged(with: page.advice)
      if let newest = page.records.map(\.lastModified).max() {
        let pending = try await storeCall { try await store.pendingChanges() }
        let byID = Dictionary(pending.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        // This round's own writes come back in the changes; the store knows them already.
        let others = page.records.filter { outcome.pushedVersions[$0.id] != $0.lastModified }
        let steps = others.compactMap { pulled($0, pending: byID[$0.id], into: &outcome) }
        try await storeCall { try await store.commit(SyncUpdate(steps: steps, cursor: newest)) }
        outcome.pulled += others.filter { $0.lastModified > cursor ?? .min }.count
      }
      guard let next = page.nextPage else { return }
      page = try await client.changes(at: next)
    }
  }

  /// The step for one remote change, given the item's pending change if any; `nil` when the
  /// change is the version the pending change is based on.
  private func pulled(
    _ record: KintoRecord, pending: PendingChange?, into outcome: inout SyncOutcome
  ) -> SyncStep? {
    guard let pending else { return .remote(record, expectedPending: nil) }
    if pending.isHeld(by: record) {
      let stamp = record.isDeleted ? nil : record.lastModified
      return .acknowledged(id: record.id, revision: pending.revision, lastModified: stamp)
    }
    if pending.baseLastModified == record.lastModified { return nil }
    if pending.isEarlierVersion(on: record) {
      // This device's own earlier version: the pending change goes over it next round.
      let stamp = record.isDeleted ? nil : record.lastModified
      return .rebase(id: record.id, revision: pending.revision, lastModified: stamp)
    }
    return conflicted(pending, remote: record, into: &outcome)
  }
}

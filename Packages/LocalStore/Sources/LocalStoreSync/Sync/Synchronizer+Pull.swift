// The pull half of a round: the changes since the cursor, page by page, each page one step.

import Foundation

extension Synchronizer {
  /// Pulls the changes since the store's cursor, following `Next-Page`; each page and its
  /// cursor (the page's newest `last_modified`) are committed together, the last one with
  /// the pull's new ``PullMarks``.
  ///
  /// Why a pull sometimes reads again behind its cursor: Kinto gives a record its
  /// `last_modified` when the write starts, and other devices see it when the write's
  /// transaction commits. On PostgreSQL two writes at once can commit in the other order, so
  /// a pull may see a newer record while an older one is still invisible; a cursor moved past
  /// the newer one would skip the older one for good. `make bench`'s `sync-scale` row found
  /// devices that never agreed that way. So the first pull at least ``settleAfter`` after a
  /// checkpoint reads again from ``pullOverlap`` before it (see ``PullMarks``); an ordinary
  /// pull reads from the cursor. A version the store holds already changes nothing (the
  /// stores ignore a remote version they know), and only records past the cursor count as
  /// ``SyncOutcome/pulled``.
  func pull(into outcome: inout SyncOutcome) async throws {
    let marks = try await storeCall { try await store.pullMarks() }
    let settling = marks.settles(at: Date(), after: settleAfter)
    outcome.settled = settling
    var page = try await client.changes(
      in: collection, since: marks.since(settling: settling, overlap: Self.pullOverlap))
    var newest = marks.cursor
    while true {
      outcome.advice = outcome.advice.merged(with: page.advice)
      let pageNewest = page.records.map(\.lastModified).max()
      newest = [newest, pageNewest].compactMap { $0 }.max()
      // The last page carries the pull's new marks; a settling pull that found nothing new
      // leaves them as they are, and the next one then reads from the cursor, at no cost.
      let after =
        page.nextPage == nil ? marks.after(settling: settling, cursor: newest, at: Date()) : nil
      let last = after.flatMap { $0.isSame(as: marks) ? nil : $0 }
      if pageNewest != nil || last != nil {
        let pending = try await storeCall { try await store.pendingChanges() }
        let byID = Dictionary(pending.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        // This round's own writes come back in the changes; the store knows them already.
        let others = page.records.filter { outcome.pushedVersions[$0.id] != $0.lastModified }
        let steps = others.compactMap { pulled($0, pending: byID[$0.id], into: &outcome) }
        try await storeCall {
          try await store.commit(SyncUpdate(steps: steps, cursor: pageNewest, marks: last))
        }
        outcome.pulled += others.filter { $0.lastModified > marks.cursor ?? .min }.count
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

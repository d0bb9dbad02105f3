// The synced store as the synchronizer sees it: its outbox, its cursor, and each round's steps as one record.

import Foundation
import LocalStore

extension SyncedRepository: SyncStore {
  /// The pending local changes, oldest first, without those held by an unresolved conflict.
  ///
  /// - Throws: ``SyncError/storeFailed(_:)`` when an item does not encode as a JSON object.
  public func pendingChanges() async throws -> [PendingChange] {
    let codec = SyncCodec<Item>()
    return try await store.loadAll()
      .filter { $0.revision != nil && $0.ledger == nil && !$0.isHeldByConflict }
      .sorted { ($0.revision ?? 0) < ($1.revision ?? 0) }
      .map { entry in
        PendingChange(
          id: entry.id, fields: try entry.item.map { try codec.record(of: $0).fields },
          baseLastModified: entry.lastModified, revision: entry.revision ?? 0,
          earlierVersions: Set(entry.earlier ?? []))
      }
  }

  /// Where the pulls stand, from the ledger.
  public func pullMarks() async -> PullMarks {
    await store.find(by: SyncLedger.entryID)?.ledger?.marks ?? PullMarks()
  }

  /// Applies `update` as one journal record: each step under the rules of ``SyncStep``, read
  /// against the entries as the store holds them under its lock, then the cursor and marks.
  ///
  /// - Throws: ``SyncError/storeFailed(_:)`` when a pulled record is not an item of this
  ///   store (nothing of the update is then applied), or the store's error when the record
  ///   could not be written.
  public func commit(_ update: SyncUpdate) async throws {
    let items = try decodedRecords(of: update)
    try await store.commitWrites { stored, _ in
      var writes = EntryWrites<Item>()
      for step in update.steps { writes.apply(step, items: items, in: stored) }
      if update.cursor != nil || update.marks != nil {
        var ledger = writes.ledger(in: stored)
        ledger.marks.take(cursor: update.cursor, marks: update.marks)
        writes.setLedger(ledger)
      }
      return writes.record(in: stored)
    }
  }

  /// The items of the update's remote records, by ``EntryWrites/versionKey(_:)`` (a page may
  /// hold two versions of one record), decoded before the record is written so that a record
  /// that is no item of this store refuses the whole update.
  private func decodedRecords(of update: SyncUpdate) throws -> [String: Item] {
    let codec = SyncCodec<Item>()
    var items: [String: Item] = [:]
    for case .remote(let record, _) in update.steps {
      guard let fields = record.fields else { continue }
      do {
        items[EntryWrites<Item>.versionKey(record)] = try codec.item(id: record.id, fields: fields)
      } catch {
        throw SyncError.storeFailed(
          "the server's record \(record.id) is not an item of this store "
            + "(\(String(describing: error))); nothing of its page was applied")
      }
    }
    return items
  }
}

// What a person sees of a synced store's sync: pending changes, conflicts, the last round.

import Foundation
import LocalStore

extension SyncedRepository {
  /// How many local changes wait to be sent, those held by a conflict included.
  public func pendingCount() async -> Int {
    await store.loadAll().count { $0.revision != nil && $0.ledger == nil }
  }

  /// The unresolved edit conflicts, in the store's order.
  ///
  /// - Throws: ``SyncError/storeFailed(_:)`` when the server's version is no item of this
  ///   store.
  public func conflicts() async throws -> [ItemConflict<Item>] {
    let codec = SyncCodec<Item>()
    return try await store.loadAll().filter(\.isHeldByConflict).map { entry in
      let theirs = try entry.conflict?.liveRemote(id: entry.id).map {
        try codec.item(id: $0.id, fields: $0.fields ?? [:])
      }
      return ItemConflict(recordID: entry.id, mine: entry.item, theirs: theirs)
    }
  }

  /// Resolves the conflict of record `recordID` in one durable step: keep mine (the local
  /// change is sent on the next round over the server's version) or keep theirs (the
  /// server's version replaces it here). Does nothing when there is no such conflict.
  ///
  /// To keep a version made of both, save it first, then keep mine.
  ///
  /// - Throws: ``SyncError/storeFailed(_:)`` when the server's version is no item of this
  ///   store, or `PersistenceError`.
  public func resolveConflict(_ recordID: String, keepingMine: Bool) async throws {
    let codec = SyncCodec<Item>()
    let theirs = await store.find(by: recordID)?.conflict?.liveRemote(id: recordID)
    let item = try theirs.map { try codec.item(id: recordID, fields: $0.fields ?? [:]) }
    try await store.commitWrites { stored, _ in
      guard var entry = stored(recordID), let conflict = entry.conflict else { return nil }
      var writes = EntryWrites<Item>()
      let remote = conflict.liveRemote(id: recordID)
      if keepingMine {
        entry.lastModified = remote?.lastModified
        entry.conflict = nil
        entry.earlier = nil
        writes.set(recordID, entry)
      } else if let remote, let item, remote.lastModified == theirs?.lastModified {
        writes.replace(recordID, with: (item, remote.lastModified))
      } else if remote == nil {
        writes.replace(recordID, with: nil)
      } else {
        return nil
      }
      return writes.record(in: stored)
    }
  }

  /// When the last round that ended without an error ended, or `nil` if none did.
  public func lastSuccessfulSync() async -> Date? {
    await store.find(by: SyncLedger.entryID)?.ledger?.lastSuccess
  }

  /// Records that a round ended without an error at `date`.
  ///
  /// - Throws: `PersistenceError` when it could not be stored.
  public func recordSuccessfulSync(at date: Date = Date()) async throws {
    try await store.commitWrites { stored, _ in
      var writes = EntryWrites<Item>()
      var ledger = writes.ledger(in: stored)
      ledger.lastSuccess = date
      writes.setLedger(ledger)
      return writes.record(in: stored)
    }
  }
}

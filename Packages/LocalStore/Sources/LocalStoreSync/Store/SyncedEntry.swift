// One entry of a synced store's file: an item with its sync state, or the store's ledger.

import Foundation

/// What a ``SyncedRepository`` keeps under one record id in its journal-backed store.
///
/// An item's entry holds the item (or `nil`: deleted here, a tombstone still to be sent), the
/// `last_modified` of the version the server last had, the revision of the local change still
/// to be sent, and an unresolved conflict. Because the item and its mark travel in one entry,
/// a local change and "still to be sent" are one journal record: no crash can keep one
/// without the other. One more entry, under ``SyncLedger/entryID`` (never a record id, which
/// starts with a letter or digit), holds the ledger: the pull cursor and marks, and the last successful round.
struct SyncedEntry<Item: Codable & Sendable>: Codable, Identifiable, Sendable {
  /// The record id, or ``SyncLedger/entryID``.
  let id: String
  /// The item as this device has it; `nil` when deleted here with the delete still pending.
  var item: Item?
  /// The `last_modified` of the item's version the server last acknowledged or sent, the
  /// base of the pending change's precondition; `nil` when the server never had it here.
  var lastModified: Int64?
  /// The revision of the local change still to be sent, or `nil` when there is none.
  var revision: UInt64?
  /// The conflict the pending change ran into, until it is resolved.
  var conflict: StoredConflict?
  /// The ``FieldsDigest``s of the pending versions later local edits replaced since the
  /// server last acknowledged one, the latest last (see ``PendingChange/earlierVersions``).
  var earlier: [UInt64]?
  /// The ledger, on the ledger's entry only.
  var ledger: SyncLedger?

  /// An item's entry.
  init(id: String, item: Item?, lastModified: Int64?, revision: UInt64?) {
    self.id = id
    self.item = item
    self.lastModified = lastModified
    self.revision = revision
  }

  /// The ledger's entry.
  init(ledger: SyncLedger) {
    id = SyncLedger.entryID
    self.ledger = ledger
  }

  /// Whether a person sees this entry as an item: not the ledger, not a pending delete.
  var isVisible: Bool { item != nil && ledger == nil }

  /// Whether the pending change is held by an unresolved conflict of the same revision.
  var isHeldByConflict: Bool {
    guard let revision, let conflict else { return false }
    return conflict.pendingRevision == revision
  }
}

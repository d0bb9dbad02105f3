// What one durable step of a sync round does to the store, item by item.

import Foundation

/// One change a ``SyncStore`` makes to one item in ``SyncStore/commit(_:)``.
public enum SyncStep: Equatable, Sendable {
  /// The server holds pending change `revision` of `id`, now at `lastModified` (`nil` for a
  /// delete whose tombstone's stamp is not known). The store remembers `lastModified` as the
  /// item's server version and drops the change from the outbox; if a later local change
  /// replaced it meanwhile, that one stays pending, now based on `lastModified`.
  case acknowledged(id: String, revision: UInt64, lastModified: Int64?)
  /// The server's version of an item replaces the local one: `record.fields` saved, or the
  /// item deleted for a tombstone, and `record.lastModified` remembered.
  ///
  /// `expectedPending` is the revision of the item's pending change that the synchronizer
  /// saw (`nil`: none); that change is dropped. If the store's pending change for the id is
  /// not that one (a local edit made during the round), the step is skipped: the local change
  /// stays pending and its push meets the server's version as a conflict. A record no newer
  /// than the version the store already has is skipped too (a page pulled twice, or this
  /// device's own push coming back).
  case remote(KintoRecord, expectedPending: UInt64?)
  /// The item's server version is gone (deleted there, stamp unknown) and the server's
  /// absence replaces the local item: deleted here, pending change `expectedPending` dropped,
  /// under the same rule as ``remote(_:expectedPending:)``.
  case remoteAbsent(id: String, expectedPending: UInt64?)
  /// Pending change `revision` stays, now based on `lastModified` (`nil`: sent as a create):
  /// the client wins a conflict, or the server holds this device's own earlier version
  /// (``PendingChange/earlierVersions``).
  case rebase(id: String, revision: UInt64, lastModified: Int64?)
  /// A conflict to keep until it is resolved; the local change stays pending.
  case conflict(SyncConflict)
}

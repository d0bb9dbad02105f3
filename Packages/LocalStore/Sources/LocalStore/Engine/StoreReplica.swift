// What the byte-level engine asks of the typed layer above it: apply the records it reads.

import Foundation

/// The typed layer's copy of a store, as the engine (``StoreEngine``) sees it: something
/// that applies the records the engine reads back, and encodes a snapshot of itself.
///
/// The engine reads files and hands over bytes; it never decodes an item. Whenever it reads
/// what is on disk (at open, when another writer appended or compacted, after a failed sync
/// took records back), it calls these methods, on the store's actor, synchronously, under
/// the store's lock. A reload is all or nothing: ``beginReload(from:)``, then the journal's
/// records through ``apply(_:at:of:)``, then ``finishReload()`` puts the new state in place,
/// or ``abandonReload()`` drops it and the replica keeps what it had.
protocol StoreReplica: AnyObject {
  /// Starts a new state from the snapshot's file, set aside until ``finishReload()``;
  /// returns the journal sequence the snapshot includes and the schema version it was
  /// written at.
  func beginReload(
    from snapshot: Snapshot
  ) throws(PersistenceError) -> (sequence: Int, version: Int)
  /// Applies the record whose payload is `payload`, found at byte `offset` of `file`: to the
  /// state being reloaded, if one is, or else to the current one.
  func apply(_ payload: ArraySlice<UInt8>, at offset: Int64, of file: URL) throws(PersistenceError)
  /// Puts the state being reloaded in place.
  func finishReload()
  /// Drops the state being reloaded.
  func abandonReload()
  /// A job that encodes the current items as a whole snapshot numbered with its argument, to
  /// run off the actor (a compaction's encoding).
  func snapshotEncoder() -> @Sendable (_ sequence: Int) throws(PersistenceError) -> [UInt8]
  /// Tells the layer's subscribers that the store changed in ways it cannot name.
  func publishUnknownChange()
  /// Tells the layer's subscribers that the store failed with `error`.
  func publishFailure(_ error: PersistenceError)
}

// The synced store's own bookkeeping: the pull cursor, the last revision, the last round.

import Foundation

/// The state of a ``SyncedRepository`` that is not any one item's, kept in an entry of its own.
///
/// It is written in the same journal record as the change that moves it: a pulled page moves
/// ``cursor`` with its items, and a round's last page the pull's marks. A local change does
/// not write it (its revision is the record's sequence number).
struct SyncLedger: Codable, Equatable, Sendable {
  /// The entry's id: not a record id, which starts with a letter or a digit.
  static let entryID = "~sync"

  /// The `last_modified` of the last remote change applied, or `nil` before the first pull.
  var cursor: Int64?
  /// Every change up to this `last_modified` has been read (see ``PullMarks``).
  var settled: Int64?
  /// The cursor a pull ended with, to settle later (see ``PullMarks``).
  var checkpoint: Int64?
  /// When that pull ended.
  var checkpointTime: Date?
  /// The revision of the latest local change, in stores written before revisions were the
  /// journal's sequence numbers (see `EntryWrites.revision(replacing:)`); kept so that such
  /// a ledger reads as it was, never written now.
  var lastRevision: UInt64 = 0
  /// When the last round that ended without an error ended.
  var lastSuccess: Date?
}

extension SyncLedger {
  /// The pull's marks as the ledger keeps them.
  var marks: PullMarks {
    get {
      PullMarks(
        cursor: cursor, settled: settled, checkpoint: checkpoint, checkpointTime: checkpointTime)
    }
    set {
      cursor = newValue.cursor
      settled = newValue.settled
      checkpoint = newValue.checkpoint
      checkpointTime = newValue.checkpointTime
    }
  }
}

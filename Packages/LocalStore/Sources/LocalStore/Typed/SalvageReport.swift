// What a salvage of a damaged store kept, what it could not, and where the original bytes went.

import Foundation

/// The outcome of ``LocalRepository/salvage(directory:filename:configuration:now:)``.
public struct SalvageReport: Sendable, Equatable {
  /// The items of the snapshot that were intact and are in the store again.
  public var kept: Int
  /// The items of the snapshot that could not be read and were left out: `kept + damaged` is
  /// how many items the snapshot held (its header says, when it is intact).
  public var damaged: Int
  /// Whether the snapshot ended before its last line: a copy cut short, or a full disk.
  public var truncated: Bool
  /// Whether the snapshot's checksum failed although every item kept still decodes: one of
  /// them may hold a changed character, and the original file is there to compare.
  public var checksumMismatch: Bool
  /// The journal records applied on top of the kept items: the changes up to the first
  /// damaged or out-of-sequence record.
  public var journalRecordsApplied: Int
  /// The journal records that were damaged and left out: lines that look like records but
  /// fail their checks.
  public var journalRecordsDamaged: Int
  /// The bytes of the journal that are not whole records, such as a run of zeros, a line of
  /// other text or a last record cut short: left out, and not counted as changes, since
  /// nothing tells how many changes (if any) they held. They are in ``journalMovedTo``.
  public var journalBytesUnreadable: Int
  /// Whether the snapshot's last line, which says which journal records it already holds,
  /// could not be trusted (it was missing, or the checksum that covers it failed), so that
  /// the journal's records were applied by their own numbering, from the first.
  public var journalAppliedFromStart: Bool
  /// The intact journal records after that point, left out of the store (a change applied
  /// without the ones before it would make a state that never was) and kept in
  /// ``unappliedRecordsAt``, to apply with ``LocalRepository/applySetAsideRecords(from:)``
  /// once a person has looked at them.
  public var journalRecordsSetAside: Int
  /// The file beside the store holding the records set aside, one per line as in the
  /// journal, or `nil` when there were none.
  public var unappliedRecordsAt: URL?
  /// Where the original snapshot now is, with every byte (`<name>.corrupt-<time>`), or `nil`
  /// if there was none.
  public var movedTo: URL?
  /// Where the original journal now is (`<name>.journal.corrupt-<time>`), or `nil` if there
  /// was none.
  public var journalMovedTo: URL?

  /// A report of the given counts.
  public init(
    kept: Int = 0, damaged: Int = 0, truncated: Bool = false, checksumMismatch: Bool = false,
    journalRecordsApplied: Int = 0, journalRecordsDamaged: Int = 0,
    journalRecordsSetAside: Int = 0, unappliedRecordsAt: URL? = nil, movedTo: URL? = nil,
    journalMovedTo: URL? = nil, journalBytesUnreadable: Int = 0,
    journalAppliedFromStart: Bool = false
  ) {
    self.kept = kept
    self.damaged = damaged
    self.truncated = truncated
    self.checksumMismatch = checksumMismatch
    self.journalRecordsApplied = journalRecordsApplied
    self.journalRecordsDamaged = journalRecordsDamaged
    self.journalRecordsSetAside = journalRecordsSetAside
    self.unappliedRecordsAt = unappliedRecordsAt
    self.movedTo = movedTo
    self.journalMovedTo = journalMovedTo
    self.journalBytesUnreadable = journalBytesUnreadable
    self.journalAppliedFromStart = journalAppliedFromStart
  }
}

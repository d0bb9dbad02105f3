// What a salvage of a damaged store kept, what it could not, and where the original bytes went.

import Foundation

/// The outcome of ``LocalRepository/salvage(directory:filename:configuration:now:)``.
public struct SalvageReport: Sendable, Equatable {
  /// The items of the snapshot that were intact and are in the store again.
  public var kept: Int
  /// The items (lines) of the snapshot that could not be read and were left out.
  public var damaged: Int
  /// Whether the snapshot ended before its last line: a copy cut short, or a full disk.
  public var truncated: Bool
  /// Whether the snapshot's checksum failed although every item kept still decodes: one of
  /// them may hold a changed character, and the original file is there to compare.
  public var checksumMismatch: Bool
  /// The journal records applied on top of the kept items.
  public var journalRecordsApplied: Int
  /// The journal records that were damaged and left out.
  public var journalRecordsDamaged: Int
  /// The journal records applied although their number repeats or goes back: what two
  /// writers that did not exclude each other leave. Each is an acknowledged change, so it
  /// is kept, in file order.
  public var journalRecordsOutOfOrder: Int
  /// Where the original snapshot was moved, with every byte, or `nil` if there was none.
  public var movedTo: URL?
  /// Where the original journal was moved, or `nil` if there was none.
  public var journalMovedTo: URL?

  /// A report of the given counts.
  public init(
    kept: Int = 0, damaged: Int = 0, truncated: Bool = false, checksumMismatch: Bool = false,
    journalRecordsApplied: Int = 0, journalRecordsDamaged: Int = 0,
    journalRecordsOutOfOrder: Int = 0, movedTo: URL? = nil,
    journalMovedTo: URL? = nil
  ) {
    self.kept = kept
    self.damaged = damaged
    self.truncated = truncated
    self.checksumMismatch = checksumMismatch
    self.journalRecordsApplied = journalRecordsApplied
    self.journalRecordsDamaged = journalRecordsDamaged
    self.journalRecordsOutOfOrder = journalRecordsOutOfOrder
    self.movedTo = movedTo
    self.journalMovedTo = journalMovedTo
  }
}

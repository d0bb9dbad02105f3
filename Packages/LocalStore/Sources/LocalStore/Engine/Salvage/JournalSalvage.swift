// Walks a damaged journal: the changes that still apply in order, and every intact one after.

import Foundation

/// What a salvage can use of a journal's bytes: the records it applies on top of the
/// snapshot, every intact record after the first that cannot be applied, and a count of the
/// rest.
///
/// Records are applied in order while each is intact and the next number. From the first
/// damaged or out-of-sequence record on, nothing more is applied (a change applied without
/// the ones before it would make a state that never was), but every later intact record is
/// kept, as it was, for a person to look at: after damage the walk resumes at the next
/// intact record wherever it starts (``Journal/Record/nextIntactRecord(in:after:)``), also
/// when the damage swallowed the end of line before it. The bytes skipped that way are told
/// apart: a line that looks like a record (it starts with a number, or holds a change) is
/// one damaged change; zeros and other bytes are counted as bytes, not as changes.
struct JournalSalvage {
  /// The records applied to the cache.
  private(set) var applied = 0
  /// The number of the last record applied, or of the last record the snapshot already held
  /// that was read before it; `nil` when there was none.
  private(set) var lastNumber: Int?
  /// Where the records that apply end: the journal's bytes before this offset are intact
  /// records only, each either held by the snapshot or applied.
  private(set) var prefixEnd = 0
  /// Lines that look like records but fail their checks.
  private(set) var damaged = 0
  /// Bytes that are neither an intact record nor look like one (zeros, garbage lines), and
  /// a record cut short at the end.
  private(set) var unreadableBytes = 0
  /// Every intact record after the point where applying stopped, as its bytes.
  private(set) var setAside: [UInt8] = []
  /// How many records ``setAside`` holds.
  private(set) var setAsideCount = 0

  /// Walks `bytes`, handing `apply` the payload (and offset) of each record numbered after
  /// `sequence`, which says whether it could apply it; with
  /// `sequence` `nil` (a snapshot whose last line cannot be trusted), the records are
  /// applied by their own numbering, from the first.
  ///
  /// With a known `sequence`, records at or below it at the start of the journal are the
  /// prefix a compaction whose truncate failed leaves, and are skipped. Without one,
  /// applying them again is harmless: each change saves whole items or deletes them, so
  /// replaying changes the snapshot already holds ends in the same items.
  init(
    _ bytes: [UInt8], after sequence: Int?,
    apply: (_ payload: ArraySlice<UInt8>, _ at: Int64) -> Bool
  ) {
    var position = 0
    var next = sequence.map { $0 + 1 }
    var applying = true
    while !Journal.Record.isFreeSpace(bytes, from: position) {
      switch Journal.Record.parse(bytes, at: position) {
      case .record(let number, _, let payload, let end):
        defer { position = end }
        if applying, let expected = next, number < expected, applied == 0 {
          lastNumber = number
          prefixEnd = end
          continue
        }
        if applying, number == next ?? number, apply(bytes[payload], Int64(position)) {
          applied += 1
          lastNumber = number
          prefixEnd = end
          next = number + 1
          continue
        }
        applying = false
        setAside += bytes[position..<end]
        setAsideCount += 1
      case .damaged:
        applying = false
        let resume = Journal.Record.nextIntactRecord(in: bytes, after: position)
        let end = resume ?? Journal.Record.contentEnd(bytes, from: position)
        count(bytes[position..<end])
        guard let resume else { return }
        position = resume
      case .torn:
        // A record cut short at the end: no change can be read from it, but its bytes are
        // counted, not passed over in silence.
        unreadableBytes += Journal.Record.contentEnd(bytes, from: position) - position
        return
      }
    }
  }

  /// Counts the skipped bytes `span`, line by line: a line that looks like a record as one
  /// damaged change, anything else (a garbage line, the zeros before a line) as bytes.
  private mutating func count(_ span: ArraySlice<UInt8>) {
    var start = span.startIndex
    while start < span.endIndex {
      let end = span[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? span.endIndex
      let zeros = span[start..<end].prefix { $0 == 0 }.count
      unreadableBytes += zeros
      let line = span[(start + zeros)..<end]
      if Self.looksLikeRecord(line) {
        damaged += 1
      } else {
        unreadableBytes += line.count
      }
      start = end
    }
  }

  /// Whether `line` looks like a damaged record rather than garbage: it starts with a
  /// sequence number and a space, or it holds the start of a change.
  static func looksLikeRecord(_ line: ArraySlice<UInt8>) -> Bool {
    let digits = line.prefix { (48...57).contains($0) }
    if !digits.isEmpty, line.dropFirst(digits.count).first == UInt8(ascii: " ") { return true }
    let marker = Array(#"{"version":"#.utf8)
    var start = line.startIndex
    while let index = line[start...].firstIndex(of: marker[0]) {
      if line[index...].starts(with: marker) { return true }
      start = index + 1
    }
    return false
  }
}

// Reading a journal's records into a cache, and telling a write torn by a power cut from damage.

import Foundation

extension Journal {
  /// Applies the intact records of `bytes`, which start at byte `offset` of the journal (the
  /// whole file, or what another writer appended), numbered after `sequence`, to `cache`;
  /// then notes how far the file is intact and synced, and any torn tail.
  ///
  /// Record numbers must rise through the whole file. Records at or below `sequence` are
  /// skipped only as the prefix a compaction leaves when its truncate fails; after them each
  /// record must be the next number. A number that repeats or goes back is what two writers
  /// that did not exclude each other leave, each an acknowledged change: an error, for
  /// `repair` to keep both.
  ///
  /// Damage ends the records. What follows it is a write torn by a crash or a power cut,
  /// which no sync had covered, unless a later intact record says the journal had been
  /// synced past the damage when it was written: then the damaged record had been durable,
  /// and it is an error. A power cut can leave an unsynced write out of order (zeros where
  /// one record was, the next records intact after them); none of them was acknowledged,
  /// since a sync that covered the later ones would have covered the first.
  ///
  /// - Returns: Whether any record was applied.
  /// - Throws: ``PersistenceError/corrupt(_:reason:)`` naming the journal and the byte, or
  ///   what decoding and upgrading a record throws. The cache then holds whole records only.
  func apply<Item: Codable & Identifiable>(
    _ bytes: [UInt8], from offset: Int64, after sequence: inout Int,
    to cache: inout OrderedCache<Item.ID, Item>, configuration: StoreConfiguration
  ) throws(PersistenceError) -> Bool where Item.ID: Codable {
    var position = 0
    var applied = false
    var synced: Int64 = 0
    var damaged = false
    // The zeros after the last record are space reserved for the next ones.
    records: while !Record.isFreeSpace(bytes, from: position) {
      let at = offset + Int64(position)
      let parsed = Record.parse(bytes, at: position)
      switch parsed {
      case .record(let number, let claim, let payload, let end):
        if let last = lastRecordNumber, number <= last {
          throw .corrupt(
            url,
            reason: "the record at byte \(at) has sequence \(number), not above the \(last) of the"
              + " record before it (two writers that did not exclude each other both wrote);"
              + " run repair to keep the changes before it and set it and every later change"
              + " aside, in a file to look at and apply")
        }
        lastRecordNumber = number
        synced = max(synced, min(claim ?? 0, at))
        position = end
        // Already folded into the snapshot: left by a compaction whose truncate failed.
        guard number > sequence else { continue }
        guard number == sequence + 1 else {
          throw .corrupt(
            url, reason: "the record at byte \(at) has sequence \(number), expected \(sequence + 1)"
          )
        }
        let change = try Change<Item>(
          payload: bytes[payload], configuration: configuration, file: url, at: at)
        change.apply(to: &cache)
        sequence = number
        applied = true
      case .damaged(let reason, _), .torn(let reason):
        if let witness = Self.syncWitness(in: bytes, after: position, damagedAt: at, offset: offset)
        {
          throw .corrupt(
            url,
            reason: "the record at byte \(at) is damaged (\(reason)), and the record at byte"
              + " \(witness) was written after the journal was synced past it, so a saved change"
              + " was damaged, not a write torn by a crash")
        }
        if case .damaged = parsed { damaged = true }
        break records
      }
    }
    markRead(upTo: offset + Int64(position))
    markSynced(through: synced)
    noteTail(
      Array(bytes[position..<Record.contentEnd(bytes, from: position)]),
      at: offset + Int64(position), damaged: damaged)
    return applied
  }

  /// The offset of the first intact record after the damaged one at `position` that says the
  /// journal had been synced past `damaged` (an absolute offset) when it was written; a
  /// record of the older form, which does not say, counts as one. `nil` when there is none.
  private static func syncWitness(
    in bytes: [UInt8], after position: Int, damagedAt damaged: Int64, offset: Int64
  ) -> Int64? {
    var line = bytes[position...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }
    while let start = line, !Record.isFreeSpace(bytes, from: start) {
      if case .record(_, let synced, _, _) = Record.parse(bytes, at: start),
        (synced ?? .max) > damaged
      {
        return offset + Int64(start)
      }
      line = bytes[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }
    }
    return nil
  }
}

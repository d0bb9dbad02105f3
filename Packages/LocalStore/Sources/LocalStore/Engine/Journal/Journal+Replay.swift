// Reading a journal's records back as payloads, and telling a write torn by a power cut from damage.

import Foundation

extension Journal {
  /// Hands `apply` the payload of each intact record of `bytes` numbered after `sequence`, in
  /// order, with the offset the record starts at; `bytes` start at byte `offset` of the journal
  /// (the whole file, or what another writer appended). Then notes how far the file is intact
  /// and synced, and any torn tail. The payloads are bytes: decoding them is the typed
  /// layer's business (``ItemChange``), and `apply` is where it does it.
  ///
  /// Record numbers must rise through the whole file. Records at or below `sequence` are
  /// skipped only as the prefix a compaction leaves when its truncate fails; after them each
  /// record must be the next number. A number that repeats or goes back is what two writers
  /// that did not exclude each other leave, each an acknowledged change: an error, for
  /// `repair` to set the later one aside.
  ///
  /// Damage ends the records. What follows it is a write torn by a crash or a power cut,
  /// which no sync had covered, only when nothing says the journal was durable past it:
  /// neither an intact record after it (each says how far the journal was synced when it
  /// was written, and is looked for from where the damage ends) nor the ``SyncedMark`` the
  /// last successful sync left in the lock file. Otherwise the damaged bytes held saved
  /// changes, and it is an error; so are zeros where the mark says records were. A power
  /// cut can leave an unsynced write out of order (zeros where one record was, the next
  /// records intact after them); none of them was acknowledged, since a sync that covered
  /// the later ones would have covered the first, and none of them says so.
  ///
  /// - Returns: Whether any record was applied.
  /// - Throws: ``PersistenceError/corrupt(_:reason:)`` naming the journal and the byte, or
  ///   what `apply` throws. `apply` then got whole records only.
  func replay(
    _ bytes: [UInt8], from offset: Int64, after sequence: inout Int,
    apply: (_ payload: ArraySlice<UInt8>, _ at: Int64) throws(PersistenceError) -> Void
  ) throws(PersistenceError) -> Bool {
    let snapshotSequence = sequence
    var position = 0
    var applied = false
    var synced: Int64 = 0
    var damaged = false
    var last: Range<Int>?
    records: while true {
      let at = offset + Int64(position)
      // The zeros after the last record are space reserved for the next ones, unless a
      // sync made records durable there.
      if Record.isFreeSpace(bytes, from: position) {
        try refuseIfMarkedSynced(
          past: at, in: bytes, from: offset, snapshotSequence: snapshotSequence,
          "the records end at byte \(at)",
          so: "saved changes are missing: the journal was damaged, cut short, or replaced by an"
            + " older copy")
        break records
      }
      let parsed = Record.parse(bytes, at: position)
      switch parsed {
      case .record(let number, let claim, let payload, let end):
        if let last = lastRecordNumber, number <= last {
          throw .corrupt(
            url,
            reason: "the record at byte \(at) has sequence \(number), not above the \(last) of the"
              + " record before it (two writers that did not exclude each other both wrote)."
              + " \(Self.repairWouldKeep(before: at, after: position - 1, of: bytes))")
        }
        lastRecordNumber = number
        last = position..<end
        if at == 0 { firstRecord = (number, CRC32C.checksum(bytes[position..<end])) }
        synced = max(synced, min(claim ?? 0, at))
        position = end
        // Already folded into the snapshot: left by a compaction whose truncate failed.
        guard number > sequence else { continue }
        guard number == sequence + 1 else {
          throw .corrupt(
            url, reason: "the record at byte \(at) has sequence \(number), expected \(sequence + 1)"
          )
        }
        try apply(bytes[payload], at)
        sequence = number
        applied = true
      case .damaged(let reason, _), .torn(let reason):
        if let witness = Self.syncWitness(in: bytes, after: position, damagedAt: at, offset: offset)
        {
          throw .corrupt(
            url,
            reason: "the record at byte \(at) is damaged (\(reason)), and the record at byte"
              + " \(witness) was written after the journal was synced past it, so a saved change"
              + " was damaged, not a write torn by a crash."
              + " \(Self.repairWouldKeep(before: at, after: position, of: bytes))")
        }
        try refuseIfMarkedSynced(
          past: at, in: bytes, from: offset, snapshotSequence: snapshotSequence,
          "the record at byte \(at) is damaged (\(reason))",
          so: "a saved change was damaged, not a write torn by a crash")
        if case .damaged = parsed { damaged = true }
        break records
      }
    }
    if let last { lastRecord = (offset + Int64(last.lowerBound), CRC32C.checksum(bytes[last])) }
    markRead(upTo: offset + Int64(position))
    markSynced(through: synced)
    noteTail(
      Array(bytes[position..<Record.contentEnd(bytes, from: position)]),
      at: offset + Int64(position), damaged: damaged)
    return applied
  }

  /// Throws when the ``SyncedMark`` says the journal was durable past `at`, where `found`
  /// (what reading found there) ends the records: then saved changes are gone, `consequence`
  /// says how, and the store must not open as if they had never been.
  private func refuseIfMarkedSynced(
    past at: Int64, in bytes: [UInt8], from offset: Int64, snapshotSequence: Int,
    _ found: String, so consequence: String
  ) throws(PersistenceError) {
    let marked = lengthMarkedSynced(snapshotSequence: snapshotSequence)
    guard at < marked else { return }
    throw .corrupt(
      url,
      reason: "\(found), but the journal had been synced up to byte \(marked), so \(consequence)."
        + " \(Self.repairWouldKeep(before: at, after: Int(at - offset), of: bytes))")
  }

  /// What a repair (``LocalRepository/salvage(directory:filename:configuration:now:)``)
  /// would keep of a journal refused at byte `at`: the changes before it, and, set aside, the
  /// intact records of `bytes` that start after index `position` (so `position - 1` counts
  /// the record at `position` too). The error's last sentence.
  static func repairWouldKeep(before at: Int64, after position: Int, of bytes: [UInt8]) -> String {
    var count = 0
    var from = position
    while let start = Record.nextIntactRecord(in: bytes, after: from) {
      count += 1
      from = start
    }
    let kept = "A repair keeps every change before byte \(at)"
    guard count > 0 else { return kept + "; no intact change follows it" }
    return kept + " and sets aside the \(count) intact change\(count == 1 ? "" : "s") after it,"
      + " in a file it names, to apply once you have looked"
  }

  /// The offset of the first intact record after the damaged one at `position` that says the
  /// journal had been synced past `damaged` (an absolute offset) when it was written; a
  /// record of the older form, which does not say, counts as one. `nil` when there is none.
  /// Records are looked for from where the damage ends, so a record right after damage that
  /// swallowed its end of line is found too.
  private static func syncWitness(
    in bytes: [UInt8], after position: Int, damagedAt damaged: Int64, offset: Int64
  ) -> Int64? {
    var from = position
    while let start = Record.nextIntactRecord(in: bytes, after: from) {
      guard case .record(_, let synced, _, let end) = Record.parse(bytes, at: start) else {
        return nil
      }
      if (synced ?? .max) > damaged { return offset + Int64(start) }
      from = end - 1
    }
    return nil
  }
}

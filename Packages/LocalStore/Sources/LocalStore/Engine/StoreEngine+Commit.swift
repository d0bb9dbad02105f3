// The engine's transaction: one synchronous step under the lock that writes, then a sync.

extension StoreEngine {
  /// Runs `body` as one change to the store, and returns what it returns once the change it
  /// wrote, if any, is durable as ``StoreConfiguration/durability`` says.
  ///
  /// First one straight-line, synchronous step: the store's lock, the records other writers
  /// appended since this engine last looked handed to the replica, then `body`, which reads
  /// the replica, decides, and writes (``Transaction/write(_:snapshot:applied:)``). Nothing
  /// else runs on the actor meanwhile, so no other change can slip in between what `body`
  /// reads and what it writes. Then, for a journal record, the wait for a sync that covers it
  /// (``waitUntilDurable(_:)``), shared with every change appended meanwhile; a failed sync
  /// takes the change back (``undoUnsyncedChanges(after:)``) and this throws. A compaction
  /// the change makes due starts after it, and the change does not wait for it.
  ///
  /// - Returns: What `body` returned, and whether other writers' records were applied.
  func transaction<Result>(
    _ body: (inout Transaction) throws(PersistenceError) -> Result
  ) async throws(PersistenceError) -> (Result, othersChanged: Bool) {
    if let brokenBy { throw brokenBy }
    await letOtherWritersTakeATurnIfDue()
    installReadyCompaction()
    defer { releaseLockIfUnneeded() }
    // Held all along since this engine's last change: nobody else can have written.
    let heldAllAlong = try lock.lock()
    let othersChanged = heldAllAlong ? false : try catchUp()
    var transaction = Transaction(engine: self, othersChanged: othersChanged)
    let result: Result
    do throws(PersistenceError) {
      result = try body(&transaction)
      if case .appended(let position) = transaction.recorded {
        if case .lossyOnPowerCut(let delay) = configuration.durability {
          scheduleBackgroundSync(after: delay)
        } else {
          try await waitUntilDurable(position)
        }
      }
    } catch {
      if othersChanged { replica.publishUnknownChange() }
      throw error
    }
    releaseLockIfUnneeded()
    if transaction.recorded != nil { startCompactionIfNeeded() }
    return (result, othersChanged)
  }

  /// Writes a change to the files, then has the replica apply it (`applied`): one journal
  /// record, or, when the store needs it, a new snapshot. See
  /// ``Transaction/write(_:snapshot:applied:)``.
  func write(
    _ payload: [UInt8], snapshot encode: (Int) throws(PersistenceError) -> [UInt8],
    applied: () -> Void
  ) throws(PersistenceError) -> Transaction.Recorded {
    // The sequence read from the files is at most `Journal.Record.maximumSequence`.
    if sequence >= Journal.Record.renumberingSequence {
      try renumber(encode, applied: applied)
      return .stored
    }
    let next = sequence + 1
    // A new store gets its snapshot at once, so `<name>` is there from the first save, and
    // an older format is upgraded on the first change, not left under a growing journal.
    if configuration.strategy == .rewrite || snapshotIsOutdated {
      try rewriteSnapshot(encode, sequence: next, applied: applied)
      return .stored
    }
    try syncOthersRecordsBeforeAppending()
    let record = Journal.Record.encode(
      sequence: next, synced: journal.syncedLength, payload: payload,
      payloadChecksum: CRC32C.checksum(payload))
    // The journal must stay small enough to be read back: a record that would take it past
    // the size cap goes into a new snapshot instead, which checks the cap itself.
    if journal.length + Int64(record.count) > configuration.maximumFileSize {
      try rewriteSnapshot(encode, sequence: next, applied: applied)
      return .stored
    }
    // A journal created now gets the snapshot's permissions: a 0640 store stays 0640.
    journal.newFilePermissions = snapshot.lastSeenPermissions ?? 0o600
    let start = journal.length
    do {
      try journal.append(record)
    } catch {
      throw .writeFailed(fileURL, reason: error.description)
    }
    switch configuration.durability {
    case .durable: sync.appended(due: nil)
    case .lossyOnPowerCut(let delay): sync.appended(due: .now + delay)
    }
    sequence = next
    journal.lastRecordNumber = next
    let checksum = CRC32C.checksum(record)
    journal.lastRecord = (start, checksum)
    if start == 0 { journal.firstRecord = (next, checksum) }
    applied()
    return .appended(journal.position)
  }

  /// Makes durable the bytes another writer appended (or this repository read at open) that
  /// nobody has shown synced, before this repository's first record goes after them: then
  /// the record's sync mark covers everything before it, and a failed sync of this
  /// repository's own records never needs to take back anyone else's. What the
  /// ``SyncedMark`` says is durable needs nothing (the writer before wrote it after its own
  /// `fsync` returned, so one process per command pays nothing here); anything else costs one
  /// `fsync` with nothing to write, once. Call it under the store's lock, caught up.
  ///
  /// - Throws: ``PersistenceError/notDurable(_:reason:)``: nothing was written, so the change
  ///   is not saved.
  func syncOthersRecordsBeforeAppending() throws(PersistenceError) {
    guard journal.hasUnsyncedBytesOfOthers else { return }
    // The writer before this one says in the synced mark how far its sync reached: no
    // `fsync` is needed for what it covers (one process per command pays none).
    journal.markSynced(through: journal.lengthMarkedSynced(snapshotSequence: .max))
    guard journal.hasUnsyncedBytesOfOthers else { return }
    do {
      try journal.synchronize()
    } catch {
      throw .notDurable(
        fileURL,
        reason: "the records before it could not be synced (\(error)), so it was not written")
    }
  }

  /// Records a change by writing the items with it applied, as `encode` makes them, as the
  /// snapshot numbered `next`, durably, then empties the journal. Changes appended and still
  /// waiting for their sync are synced first: emptying the journal must not decide their fate.
  private func rewriteSnapshot(
    _ encode: (Int) throws(PersistenceError) -> [UInt8], sequence next: Int, applied: () -> Void
  ) throws(PersistenceError) {
    if sync.durableSavesWait { try syncHere() }
    try writeSnapshot(encode, sequence: next, applied: applied)
    applied()
    sequence = next
  }

  /// Records a change by writing the items as a snapshot at the current number (every record
  /// left in the journal is at or below it), then, once the journal is empty for certain,
  /// numbered 0 (see ``Journal/Record/renumberingSequence``).
  private func renumber(
    _ encode: (Int) throws(PersistenceError) -> [UInt8], applied: () -> Void
  ) throws(PersistenceError) {
    if sync.durableSavesWait { try syncHere() }
    try writeSnapshot(encode, sequence: sequence, applied: applied)
    applied()
    if journal.length == 0, (try? writeSnapshot(encode, sequence: 0, applied: {})) == true {
      sequence = 0
    }
  }

  /// Writes the snapshot `encode` makes numbered `number` and empties the journal; returns
  /// whether the journal is empty and synced. Numbered 0, the snapshot is written only once
  /// the journal is empty for certain: a record left behind would be applied a second time.
  /// When the new snapshot went in place but its durability is unknown, `applied` is called
  /// (memory follows the file) before this throws.
  @discardableResult
  private func writeSnapshot(
    _ encode: (Int) throws(PersistenceError) -> [UInt8], sequence number: Int,
    applied: () -> Void
  ) throws(PersistenceError) -> Bool {
    if number == 0 && journal.length > 0 {
      guard emptyJournal() else { return false }
    }
    let replaced = snapshot.lastSeenIdentity
    do {
      try snapshot.write(encoded: encode(number))
    } catch {
      // The folder could not be synced, and whichever snapshot is in place now, a power cut
      // may bring the other back: memory follows the file, and no further change is trusted
      // to this store.
      if case .outcomeUnknown(let file, let reason) = error {
        if snapshot.lastSeenIdentity != replaced {
          applied()
          sequence = number
        }
        brokenBy = .outcomeUnknown(
          file, reason: "\(reason). The store takes no more changes until it is opened again")
        throw brokenBy ?? error
      }
      throw error
    }
    snapshotIsOutdated = false
    return journal.length == 0 || emptyJournal()
  }

  /// Truncates the journal to nothing and syncs it; whether both succeeded. Harmless when it
  /// fails: the records left behind are at or below the snapshot's sequence, so the next
  /// reader skips them, and the next snapshot tries again.
  private func emptyJournal() -> Bool {
    do {
      try journal.truncate(to: 0)
      try journal.synchronize()
      return true
    } catch {
      return false
    }
  }

  /// Lets go of the store's lock unless the durability still needs it (``SyncState/needsTheLock``),
  /// and wakes the changes that wait for it to go, to give other writers a turn: the one
  /// place the engine lets go of the lock it keeps between changes.
  func releaseLockIfUnneeded() {
    guard !sync.needsTheLock else { return }
    lock.unlock()
    let waiting = changesWaitingForTheLock
    changesWaitingForTheLock = []
    for change in waiting { change.resume() }
  }
}

// How a change reaches the files and the cache: one synchronous step under the lock, then a sync.

extension LocalRepository {
  /// What the synchronous step of a change decided: no change, or `change` recorded so.
  enum Decision {
    /// The condition refused the change; nothing was written.
    case refused
    /// `change` was recorded, as the second value says.
    case recorded(Recorded, Change)
  }

  /// How the synchronous step of a change recorded it.
  enum Recorded {
    /// Durable already: a rewritten snapshot, or a change that changed nothing.
    case stored
    /// Appended to the journal, ending at `end` of its generation; still to be synced.
    case appended(Journal.Position)
  }

  /// Records `change` durably if `condition` holds for the items once caught up with other
  /// writers; returns whether it did.
  ///
  /// First one straight-line, synchronous step on the actor (``record(_:)``): lock, catch
  /// up, check, write, apply. Nothing else runs on the actor meanwhile, so no other change
  /// can slip in between the check and the write. Then, for a journal record, the wait for a
  /// sync that covers it (``waitUntilDurable(_:)``), shared with every change appended
  /// meanwhile. Subscribers hear of the change once it is durable. If the sync fails, the
  /// change is taken back (``undoUnsyncedChanges(after:)``) and this throws.
  @discardableResult
  func commit(
    _ change: Change, if condition: (Cache) -> Bool = { _ in true }
  ) async throws(PersistenceError) -> Bool {
    try await commit(deciding: { cache in condition(cache) ? change : nil })
  }

  /// Records durably the change that `decide` makes from the items once caught up with other
  /// writers, or nothing when it returns `nil`; returns whether it recorded one. `decide`
  /// runs once, synchronously, under the store's exclusive lock: what it reads of the items
  /// is what the change is written over, whichever writer saved it.
  @discardableResult
  func commit(deciding decide: (Cache) -> Change?) async throws(PersistenceError) -> Bool {
    if let brokenBy { throw brokenBy }
    await letOtherWritersTakeATurnIfDue()
    installReadyCompaction()
    defer { releaseLockUnlessSyncing() }
    let (recorded, othersChanged) = try record(decide)
    guard case .recorded(let step, let change) = recorded else {
      if othersChanged { feed.publish(.anything) }
      return false
    }
    switch step {
    case .stored:
      break
    case .appended(let position):
      if case .lossyOnPowerCut(let delay) = configuration.durability {
        scheduleBackgroundSync(after: delay)
      } else {
        do throws(PersistenceError) {
          try await waitUntilDurable(position)
        } catch {
          if othersChanged { feed.publish(.anything) }
          throw error
        }
      }
    }
    releaseLockUnlessSyncing()
    feed.publish(othersChanged ? .anything : RepositoryChange(ids: change.ids))
    startCompactionIfNeeded()
    return true
  }

  /// Under the store's exclusive lock: catches up with other writers (unless the lock was
  /// held all along since this repository's last change), asks `decide` for the change,
  /// writes it, and only then applies it to the cache, so the cache never holds a change whose
  /// write failed. The lock stays held; ``commit(deciding:)`` lets go of it once no sync waits.
  ///
  /// - Returns: What was done, and whether other writers' changes were read on the way.
  private func record(
    _ decide: (Cache) -> Change?
  ) throws(PersistenceError) -> (Decision, othersChanged: Bool) {
    let heldAllAlong = try lock.lock()
    let othersChanged = heldAllAlong ? false : try catchUp()
    guard let change = decide(cache) else { return (.refused, othersChanged) }
    guard change.changesAnything(in: cache) else {
      return (.recorded(.stored, change), othersChanged)
    }
    return (.recorded(try write(change), change), othersChanged)
  }

  /// Writes `change` to the files, then applies it to the cache: one journal record, or,
  /// when the store needs it, a new snapshot.
  private func write(_ change: Change) throws(PersistenceError) -> Recorded {
    // The sequence read from the files is at most `Journal.Record.maximumSequence`.
    if sequence >= Journal.Record.renumberingSequence {
      try renumber(applying: change)
      return .stored
    }
    let next = sequence + 1
    // A new store gets its snapshot at once, so `<name>` is there from the first save, and
    // an older format is upgraded on the first change, not left under a growing journal.
    if configuration.strategy == .rewrite || snapshotIsOutdated {
      try rewriteSnapshot(applying: change, sequence: next)
      return .stored
    }
    try syncOthersRecordsBeforeAppending()
    let record: [UInt8]
    do {
      let payload = try change.encoded(version: configuration.schemaVersion)
      record = Journal.Record.encode(
        sequence: next, synced: journal.syncedLength, payload: payload,
        payloadChecksum: CRC32C.checksum(payload))
    } catch {
      throw .encodingFailed(fileURL, reason: String(describing: error))
    }
    // The journal must stay small enough to be read back: a record that would take it past
    // the size cap goes into a new snapshot instead, which checks the cap itself.
    if journal.length + Int64(record.count) > configuration.maximumFileSize {
      try rewriteSnapshot(applying: change, sequence: next)
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
    sequence = next
    journal.lastRecordNumber = next
    let checksum = CRC32C.checksum(record)
    journal.lastRecord = (start, checksum)
    if start == 0 { journal.firstRecord = (next, checksum) }
    allItems = nil
    change.apply(to: &cache)
    cache.compactIfSparse()
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

  /// Records `change` by writing the items with it applied as the snapshot numbered `next`,
  /// durably, then empties the journal. Changes appended and still waiting for their sync are
  /// synced first: emptying the journal must not decide their fate.
  private func rewriteSnapshot(applying change: Change, sequence next: Int) throws(PersistenceError)
  {
    if pendingSync.isSyncing { try syncHere() }
    var items = cache
    change.apply(to: &items)
    try writeSnapshot(items, sequence: next)
    install(items)
    sequence = next
  }

  /// Records `change` by writing the items as a snapshot at the current number (every record
  /// left in the journal is at or below it), then, once the journal is empty for certain,
  /// numbered 0 (see ``Journal/Record/renumberingSequence``).
  private func renumber(applying change: Change) throws(PersistenceError) {
    if pendingSync.isSyncing { try syncHere() }
    var next = cache
    change.apply(to: &next)
    try writeSnapshot(next, sequence: sequence)
    install(next)
    if journal.length == 0, (try? writeSnapshot(next, sequence: 0)) == true { sequence = 0 }
  }

  /// Writes `items` as the snapshot numbered `number` and empties the journal; returns
  /// whether the journal is empty and synced. Numbered 0, the snapshot is written only once
  /// the journal is empty for certain: a record left behind would be applied a second time.
  @discardableResult
  func writeSnapshot(_ items: Cache, sequence number: Int) throws(PersistenceError) -> Bool {
    if number == 0 && journal.length > 0 {
      guard emptyJournal() else { return false }
    }
    let replaced = snapshot.lastSeenIdentity
    do {
      try snapshot.write(items.values, sequence: number)
    } catch {
      // The folder could not be synced, and whichever snapshot is in place now, a power cut
      // may bring the other back: memory follows the file, and no further change is trusted
      // to this repository.
      if case .outcomeUnknown(let file, let reason) = error {
        if snapshot.lastSeenIdentity != replaced {
          install(items)
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

  /// Replaces the cache with `next`.
  func install(_ next: Cache) {
    allItems = nil
    cache = next
    cache.compactIfSparse()
  }

  /// Lets go of the store's lock unless appended changes still wait for their sync: until
  /// then nobody else may append after them, so that a failed sync can take them back.
  func releaseLockUnlessSyncing() {
    guard !pendingSync.needsTheLock else { return }
    lock.unlock()
    let waiting = pendingSync.waitingForTheLockToGo
    pendingSync.waitingForTheLockToGo = []
    for change in waiting { change.resume() }
  }
}

// A store's files on disk, snapshot, journal and lock: reading, catching up, recording, compacting.

import Foundation

/// The files behind one ``LocalRepository``, whichever ``StorageStrategy`` it uses.
///
/// The state of the store is the snapshot (`<name>`, the versioned JSON envelope, which notes
/// the sequence number of the last change it includes) with the journal (`<name>.journal`)
/// replayed on top. With ``StorageStrategy/journal`` a change appends one record; with
/// ``StorageStrategy/rewrite`` it rewrites the snapshot. Either way the same reader applies,
/// so switching strategy never loses a change. The ``StoreLock`` (`<name>.lock`) serialises
/// writers of both files, in this process and in others.
///
/// Not `Sendable`: it is isolated state of its ``LocalRepository`` and used on that actor only.
final class DiskStore<Item: Codable & Identifiable & Sendable> where Item.ID: Codable {
  typealias Cache = OrderedCache<Item.ID, Item>

  let snapshot: SnapshotFile
  let journal: JournalFile
  let lock: StoreLock
  let configuration: StoreConfiguration
  /// The sequence number of the last change in the cache.
  private(set) var sequence = 0
  /// The bytes of a record torn by a crash at the end of the journal, to keep a copy of
  /// before the next writer cuts them off; `nil` when the journal ends cleanly.
  private var tornTail: [UInt8]?
  /// Where a copy of ``tornTail`` was kept already, when it was damaged (see ``replay``).
  private var tornTailCopy: String?
  /// Whether the last ``replay`` ended at a damaged tail with no intact record after it.
  private var replayEndedAtDamagedTail = false
  /// What reading the files found and opened past, in the order found.
  private(set) var warnings: [StoreWarning] = []
  /// The number of the last intact record read from (or appended to) the journal file, `nil`
  /// while it holds none: every record must have a larger number than the one before it.
  private var lastRecordNumber: Int?
  /// Whether the snapshot is missing or in an older format, so the next change rewrites it.
  private var snapshotIsOutdated = true

  init(location: StoreLocation, fileSystem: any FileSystem, configuration: StoreConfiguration) {
    snapshot = SnapshotFile(
      location: location, fileSystem: fileSystem, configuration: configuration)
    lock = StoreLock(
      location: location, fileSystem: fileSystem, timeout: configuration.lockTimeout)
    journal = JournalFile(
      path: location.path + ".journal", directory: location.directory, fileSystem: fileSystem,
      maximumSize: configuration.maximumFileSize)
    self.configuration = configuration
  }

  /// Everything on disk, read under a shared lock so that a compaction is never half seen.
  func load() throws(PersistenceError) -> Cache {
    try lock.withSharedLock { () throws(PersistenceError) in try readEverything() }
  }

  /// Removes temporary files of this store left by a writer that was killed, if no other
  /// writer is active right now. Touches nothing but names this store's writes create.
  func removeLeftoverTemporaryFiles() {
    let location = snapshot.location
    let fileSystem = snapshot.fileSystem
    // Best effort: a read-only folder has no leftovers of ours to remove anyway.
    lock.ifUncontended {
      guard let names = try? fileSystem.contentsOfDirectory(location.directory) else { return }
      for name in names where TemporaryFileName.isTemporary(name, for: location.filename) {
        try? fileSystem.unlink(location.directory + "/" + name)
      }
    }
  }

  /// Brings `cache` up to date with what other writers did since this store last looked, and
  /// cuts off a record torn by a writer that crashed. Call it under the exclusive lock.
  ///
  /// - Returns: Whether `cache` was read again or had records applied. The sequence number
  ///   cannot tell: a store put in place of this one (restored from a copy, say) may have
  ///   made as many changes.
  func catchUp(_ cache: inout Cache) throws(PersistenceError) -> Bool {
    var changed = false
    if try snapshot.hasChangedSinceLastSeen() {
      cache = try readEverything()
      changed = true
    } else {
      switch try journal.changesSinceLastSeen() {
      case .unchanged:
        break
      case .replaced:
        cache = try readEverything()
        changed = true
      case .grew(let bytes):
        let start = journal.length
        let intact = try replay(bytes, from: start, into: &cache)
        journal.markRead(upTo: start + Int64(intact))
        noteTail(of: bytes, intact: intact, from: start)
        changed = intact > 0
      }
    }
    if let tornTail {
      // Never cut bytes off without a copy: they are kept beside the journal first.
      if tornTailCopy == nil { _ = try keepCopy(ofTornRecord: tornTail) }
      do {
        try journal.truncate(to: journal.length)
      } catch {
        throw .writeFailed(journal.url, reason: "cannot cut off a torn record: \(error)")
      }
      self.tornTail = nil
      tornTailCopy = nil
    }
    return changed
  }

  /// Notes the bytes of `bytes` (which start at byte `offset` of the journal) after the
  /// first `intact` as a torn tail. A damaged one, which a power cut leaves, is copied beside
  /// the journal at once (when the folder can be written) and reported in ``warnings``.
  private func noteTail(of bytes: [UInt8], intact: Int, from offset: Int64) {
    let end = JournalRecord.contentEnd(bytes, from: intact)  // Reserved zeros are no tail.
    let tail = intact < end ? Array(bytes[intact..<end]) : nil
    // A catch-up reads the same tail again until a writer cuts it off: noted once.
    if tail != nil && tail == tornTail { return }
    tornTail = tail
    tornTailCopy = nil
    guard let tornTail, replayEndedAtDamagedTail else { return }
    tornTailCopy = try? keepCopy(ofTornRecord: tornTail)
    let start = offset + Int64(intact)
    warnings.append(
      StoreWarning(
        file: journal.url, bytes: start..<(start + Int64(tornTail.count)),
        copy: tornTailCopy.map { URL(fileURLWithPath: $0) }))
  }

  /// Writes `bytes`, a record torn by a crash, durably to `<journal>.torn-<UTC time>` beside
  /// the journal, so that cutting them off the journal loses nothing.
  ///
  /// A copy of the same bytes already there is used instead: until a writer cuts the tail
  /// off, every open finds it again, and a command that only reads must not leave one more
  /// file each time it runs.
  private func keepCopy(ofTornRecord bytes: [UInt8]) throws(PersistenceError) -> String {
    let fileSystem = snapshot.fileSystem
    if let existing = existingCopy(ofTornRecord: bytes) { return existing }
    let base = journal.path + ".torn-" + RecoveryStamp.make(.now)
    let path = RecoveryStamp.freePath(base, fileSystem: fileSystem)
    do {
      _ = try DurableFileWriter(fileSystem: fileSystem)
        .replaceContents(of: path, in: snapshot.location.directory, with: bytes)
    } catch {
      switch error {
      case .notWritten(let cause), .writtenButNotDurable(let cause, _):
        throw .writeFailed(
          journal.url,
          reason: "cannot keep a copy of a torn record before cutting it off: \(cause)")
      }
    }
    return path
  }

  /// A `<journal>.torn-…` file beside the journal that holds exactly `bytes`, if any.
  private func existingCopy(ofTornRecord bytes: [UInt8]) -> String? {
    let directory = snapshot.location.directory
    let prefix = journal.url.lastPathComponent + ".torn-"
    let fileSystem = snapshot.fileSystem
    guard let names = try? fileSystem.contentsOfDirectory(directory) else { return nil }
    for name in names.sorted() where name.hasPrefix(prefix) {
      let path = directory + "/" + name
      // A copy holds exactly the tail: the limit keeps any larger file there unread.
      let reader = FileReader(fileSystem: fileSystem, path: path, limit: Int64(bytes.count))
      if let copy = try? reader.readWholeFile(), copy.data.elementsEqual(bytes) { return path }
    }
    return nil
  }

  /// Makes `change` part of the store: appends it to the journal (not yet synced), or
  /// rewrites the snapshot durably with `resulting()`, the cache with the change applied,
  /// which is only built when a rewrite needs it. Call it under the exclusive lock.
  ///
  /// - Returns: Whether the journal must still be synced for the change to be durable.
  func record(
    _ change: StoreChange<Item>, resulting: () -> Cache
  ) throws(PersistenceError)
    -> Bool
  {
    // The sequence read from the files is at most `JournalRecord.maximumSequence`.
    if sequence >= JournalRecord.renumberingSequence {
      try renumber(resulting())
      return false
    }
    let next = sequence + 1
    // A new store gets its snapshot at once, so `<name>` is there from the first save, and
    // an older format is upgraded on the first change, not left under a growing journal.
    // Decided before the record is encoded: a batch of 100,000 items would encode it for
    // nothing.
    if configuration.strategy == .rewrite || snapshotIsOutdated {
      try rewriteSnapshot(resulting(), sequence: next)
      return false
    }
    let record = try encodeRecord(change, sequence: next)
    // The journal must stay small enough to be read back: a record that would take it past
    // the size cap goes into a new snapshot instead, which checks the cap itself.
    if journal.length + Int64(record.count) > configuration.maximumFileSize {
      try rewriteSnapshot(resulting(), sequence: next)
      return false
    }
    try append(record, sequence: next)
    return true
  }

  private func encodeRecord(
    _ change: StoreChange<Item>, sequence: Int
  ) throws(PersistenceError) -> [UInt8] {
    do {
      let payload = try JournalPayload.encode(change, version: configuration.schemaVersion)
      return JournalRecord.encode(sequence: sequence, payload: payload)
    } catch {
      throw .encodingFailed(snapshot.location.fileURL, reason: String(describing: error))
    }
  }

  private func append(_ record: [UInt8], sequence next: Int) throws(PersistenceError) {
    // A journal created now gets the snapshot's permissions: a 0640 store stays 0640.
    journal.newFilePermissions = snapshot.lastSeenPermissions ?? 0o600
    do {
      try journal.append(record)
    } catch {
      throw .writeFailed(snapshot.location.fileURL, reason: error.description)
    }
    sequence = next
    lastRecordNumber = next
  }

  /// A flush of the journal to run once, off the actor; it covers every record appended
  /// before it runs.
  func journalFlush() throws(PersistenceError) -> @Sendable () -> Result<Void, PersistenceError> {
    let file = snapshot.location.fileURL
    let flush: @Sendable () -> Result<Void, SystemCallError>
    do {
      flush = try journal.detachedFlush()
    } catch {
      throw .notDurable(file, reason: error.description)
    }
    return { flush().mapError { .notDurable(file, reason: $0.description) } }
  }

  /// Flushes the journal: what makes the records appended so far durable.
  func synchronizeJournal() throws(PersistenceError) {
    do {
      try journal.synchronize()
    } catch {
      throw .notDurable(snapshot.location.fileURL, reason: error.description)
    }
  }

  /// Whether the journal has outgrown the snapshot enough to be folded into it: once it is
  /// larger than the snapshot and than the compaction minimum, or a quarter of the size cap.
  var needsCompaction: Bool {
    let floor = min(configuration.minimumCompactionSize, configuration.maximumFileSize / 4)
    return journal.length > max(snapshot.lastSeenSize, floor)
  }

  /// Where a compaction starts: the sequence its snapshot is encoded at, where the journal's
  /// records after it begin, and the snapshot it replaces.
  struct CompactionPoint {
    let sequence: Int
    let journalEnd: Int64
    let snapshot: FileIdentity?
  }

  /// The store as it is now, for a snapshot encoded elsewhere and installed later.
  var compactionPoint: CompactionPoint {
    CompactionPoint(
      sequence: sequence, journalEnd: journal.length, snapshot: snapshot.lastSeenIdentity)
  }

  /// Installs `prepared`, a snapshot encoded and written off the actor from the items at
  /// `point`, and cuts the journal down to the records appended since. Returns `false`,
  /// removing `prepared` and changing nothing, when it no longer fits the files: another
  /// writer compacted, or the journal was renumbered. Call it under the exclusive lock, after
  /// ``catchUp(_:)``.
  ///
  /// A crash at any point leaves the same items: before the snapshot's rename, the old
  /// snapshot and the whole journal; after it, the new snapshot, whose sequence makes the
  /// replay skip the journal's records up to `point`, then the records after it, in the old
  /// journal or in its shortened copy.
  func compact(
    _ prepared: DurableFileWriter.Prepared, at point: CompactionPoint
  ) throws(PersistenceError) -> Bool {
    guard !snapshotIsOutdated, point.sequence <= sequence, point.journalEnd <= journal.length,
      point.snapshot == snapshot.lastSeenIdentity
    else {
      snapshot.discard(prepared)
      return false
    }
    try snapshot.install(prepared)
    if point.sequence == sequence {
      _ = journal.length == 0 || emptyJournal()
    } else {
      try journal.keepRecords(from: point.journalEnd)
    }
    return true
  }

  /// Records a change by writing `cache` as the snapshot numbered `next`.
  private func rewriteSnapshot(_ cache: Cache, sequence next: Int) throws(PersistenceError) {
    do {
      try writeSnapshot(cache, sequence: next)
    } catch {
      // The new snapshot is in place: the next change must not reuse its sequence number.
      if case .notDurable = error { sequence = next }
      throw error
    }
    sequence = next
  }

  /// Records a change by writing `cache` as the snapshot, numbered 0 if the journal can be
  /// emptied for certain first (see ``JournalRecord/renumberingSequence``).
  private func renumber(_ cache: Cache) throws(PersistenceError) {
    // At the current number first: every record left in the journal is at or below it.
    try rewriteSnapshot(cache, sequence: sequence)
    guard try writeSnapshot(cache, sequence: 0) else { return }
    sequence = 0
  }

  /// Writes `cache` as the snapshot numbered `sequence` and empties the journal; returns
  /// whether the journal is empty and synced (an empty journal needs nothing more).
  ///
  /// With `sequence` 0, the snapshot is written only once the journal is empty for certain:
  /// a record left behind would otherwise be above it and applied a second time.
  @discardableResult
  private func writeSnapshot(_ cache: Cache, sequence: Int) throws(PersistenceError) -> Bool {
    if sequence == 0 && journal.length > 0 {
      guard emptyJournal() else { return false }
    }
    try snapshot.write(cache.values, sequence: sequence)
    snapshotIsOutdated = false
    return journal.length == 0 || emptyJournal()
  }

  /// Truncates the journal to nothing and syncs it; whether both succeeded.
  private func emptyJournal() -> Bool {
    do {
      try journal.truncate(to: 0)
      lastRecordNumber = nil
      try journal.synchronize()
      return true
    } catch {
      // Harmless: the records left behind are at or below the snapshot's sequence, so the
      // next reader skips them, and the next compaction tries again.
      return false
    }
  }

  private func readEverything() throws(PersistenceError) -> Cache {
    var stored = try snapshot.readSnapshot(as: Item.self)
    sequence = stored.sequence
    snapshotIsOutdated =
      snapshot.lastSeenSize == 0 || stored.version != configuration.schemaVersion
    let bytes = try journal.readAll() ?? []
    lastRecordNumber = nil
    // Replayed in place: the cache is the only copy of the items.
    let intact = try replay(bytes, from: 0, into: &stored.cache)
    journal.markRead(upTo: Int64(intact))
    noteTail(of: bytes, intact: intact, from: 0)
    return stored.cache
  }

  /// Applies the records in `bytes` (which start at byte `offset` of the journal) after the
  /// current sequence, and returns how many bytes hold intact records.
  ///
  /// Record numbers must rise through the whole file. Records at or below the snapshot's
  /// sequence are skipped only as the prefix a compaction leaves when its truncate fails;
  /// after them each record must be the next number. A number that repeats or goes back is
  /// what two writers that did not exclude each other leave, each record an acknowledged
  /// change: it is reported as damage, for ``LocalRepository/salvage(directory:filename:configuration:now:)``
  /// to keep both, never skipped.
  private func replay(
    _ bytes: [UInt8], from offset: Int64, into cache: inout Cache
  )
    throws(PersistenceError) -> Int
  {
    replayEndedAtDamagedTail = false
    var position = 0
    // The zeros after the last record are space reserved for the next ones.
    while !JournalRecord.isFreeSpace(bytes, from: position) {
      let at = offset + Int64(position)
      switch JournalRecord.parse(bytes, at: position) {
      case .record(let number, let payload, let end):
        defer { position = end }
        if let last = lastRecordNumber, number <= last {
          throw .corrupt(
            journal.url,
            reason: "the record at byte \(at) has sequence \(number), not above the \(last) of the"
              + " record before it (two writers that did not exclude each other both wrote);"
              + " run repair to keep both changes")
        }
        lastRecordNumber = number
        // Already folded into the snapshot: left by a compaction whose truncate failed.
        guard number > sequence else { continue }
        guard number == sequence + 1 else {
          throw .corrupt(
            journal.url,
            reason: "the record at byte \(at) has sequence \(number), expected \(sequence + 1)")
        }
        let change = try JournalPayload.decode(
          Array(bytes[payload]), as: Item.self, configuration: configuration,
          file: journal.url, at: at)
        change.apply(to: &cache)
        sequence = number
      case .damaged(let reason, let next):
        if Self.isTornByPowerCut(bytes, from: position) {
          replayEndedAtDamagedTail = true
          return position
        }
        // A complete record was acknowledged once: never drop it, last or not.
        let which = next.map { $0 < bytes.count } ?? false ? "record" : "last record"
        throw .corrupt(
          journal.url,
          reason: "the \(which) at byte \(at) is complete but damaged (\(reason)), so it is not"
            + " a write torn by a crash")
      case .torn:
        // Only the last record can be torn by a crash, and it was never acknowledged.
        return position
      }
    }
    return position
  }

  /// Whether the damaged bytes from `start` to the end are what a power cut leaves: the later
  /// part of an unsynced write on disk and the earlier part not, so zeros, then what looks
  /// like the end of a record, with no intact record after them. A synced record cannot be
  /// in such a tail (it would have been whole on disk), so the tail was never acknowledged.
  /// Damage followed by an intact record is not this, and stays an error; so is a damaged
  /// line with no zeros in it, or only the zeros reserved after it.
  private static func isTornByPowerCut(_ bytes: [UInt8], from start: Int) -> Bool {
    let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
    let lineEnd = newline ?? JournalRecord.contentEnd(bytes, from: start)
    guard bytes[start..<lineEnd].contains(0) else { return false }
    var lineStart = newline.map { $0 + 1 }
    while let next = lineStart, !JournalRecord.isFreeSpace(bytes, from: next) {
      if case .record = JournalRecord.parse(bytes, at: next) { return false }
      lineStart = bytes[next...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }
    }
    return true
  }
}

// How far the journal is durable: the syncs that make it so, and what must be synced first.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Journal {
  /// Whether bytes before the end are not known durable and are not this instance's own
  /// records waiting for their sync: records another writer appended (or this one read at
  /// open) whose sync nobody has shown. They must be synced before a record goes after them,
  /// or its ``Record`` mark would claim less than what is durable, and a later reader could
  /// not tell damage to them from a torn write.
  var hasUnsyncedBytesOfOthers: Bool {
    if let own = ownUnsynced, own.upperBound == length { return syncedLength < own.lowerBound }
    return syncedLength < length
  }

  /// Flushes the journal to stable storage; what makes the records appended so far durable.
  func synchronize() throws(SystemCallError) {
    let covered = length
    try fileSystem.synchronize(try openForWriting(), path: path)
    markSynced(through: covered)
  }

  /// Writes the ``SyncedMark`` for how far this instance's syncs reached, if it says more
  /// than the mark written last: what vouches for the last records, which no later record
  /// does. Called when the repository stops writing for now (``LocalRepository/synchronize()``,
  /// and when it goes away). A mark that cannot be written only leaves readers trusting less.
  ///
  /// Not after every sync: the next record this instance writes says as much, and the lock
  /// file's status is read at every acquisition, so a write into it stamps a precise time,
  /// which moves the clock every coarse time stamp uses, and the next `fsync` of the journal
  /// then has its times to commit too: about 50 µs a durable save here.
  func writeSyncedMark() {
    guard syncedLength > markWritten, let first = firstRecord else { return }
    let mark = SyncedMark(
      firstRecord: first.number, firstChecksum: first.checksum, length: syncedLength)
    if markDescriptor == nil {
      markDescriptor = try? fileSystem.openStoreFile(lockPath, flags: O_WRONLY, mode: 0).descriptor
    }
    guard let markDescriptor else { return }
    var written = 0
    do throws(SystemCallError) {
      try fileSystem.writeAll(
        mark.encoded, to: markDescriptor, path: lockPath, at: SyncedMark.offset,
        progress: &written)
      markWritten = syncedLength
    } catch {
      try? fileSystem.close(markDescriptor, path: lockPath)
      self.markDescriptor = nil
    }
  }

  /// How many bytes of this journal the ``SyncedMark`` in the lock file says are durable: 0
  /// when there is no journal file or no mark, or the mark names another journal: one whose
  /// first record is not this file's, or, when this file's first record is damaged, one that
  /// a compaction emptied (its first record is at or below `snapshotSequence`).
  func lengthMarkedSynced(snapshotSequence: Int) -> Int64 {
    guard identity != nil, let mark = SyncedMark.read(from: lockPath, fileSystem: fileSystem)
    else { return 0 }
    if let first = firstRecord {
      return (first.number, first.checksum) == (mark.firstRecord, mark.firstChecksum)
        ? mark.length : 0
    }
    return mark.firstRecord > snapshotSequence ? mark.length : 0
  }

  /// A flush of the journal for another thread to run once, while this instance goes on
  /// appending: it covers every byte appended before it runs. It flushes through a duplicate
  /// of the descriptor, so a journal replaced or closed meanwhile cannot turn it into a flush
  /// of another file. Once it succeeded, ``markSynced(through:)`` with ``length`` as it was
  /// when the flush was made.
  func detachedFlush() throws(SystemCallError) -> @Sendable () -> Result<Void, SystemCallError> {
    let descriptor = try fileSystem.duplicate(try openForWriting(), path: path)
    let fileSystem = fileSystem
    let path = path
    return {
      defer { try? fileSystem.close(descriptor, path: path) }
      return Result { () throws(SystemCallError) in
        try fileSystem.synchronize(descriptor, path: path)
      }
    }
  }
}

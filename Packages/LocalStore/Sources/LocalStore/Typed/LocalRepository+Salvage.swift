// Recovery that saves what it can: every intact item stays, only the damaged bytes go aside.

import Foundation

extension LocalRepository {
  /// Rebuilds a store that cannot be opened from every item and journal record that is still
  /// intact, and keeps the original files, whole, beside it for inspection.
  ///
  /// The snapshot holds one item per line, so each line is decoded on its own: a damaged byte
  /// costs at most the item whose line it falls in (SQLite's `.recover` and LevelDB's
  /// `RepairDB` work the same way). A file cut short keeps every item before the cut; a
  /// damaged or missing header, `\r\n` line ends, and a file over the size cap keep every
  /// intact item (a store whose intact items alone exceed the cap is written whole, and
  /// opens once ``StoreConfiguration/maximumFileSize`` is raised). Then the journal's
  /// records are applied in order up to the first that is damaged or out of sequence: the
  /// store keeps a prefix of the changes, as they were made, never a change without the ones
  /// before it. When the snapshot's last line, which says which records it already holds,
  /// cannot be trusted (its checksum fails), the records are applied by their own numbering
  /// from the first, so that a changed digit there cannot hide a change.
  ///
  /// Every intact record after that point is written, as it was, to
  /// `<name>.journal.unapplied-<UTC time>` beside the store (``SalvageReport/unappliedRecordsAt``),
  /// found also past damage that swallowed an end of line, and counted; a person looks at
  /// them and applies them with ``applySetAsideRecords(from:)``. The originals stay, whole, as
  /// `<name>.corrupt-<UTC time>` and `<name>.journal.corrupt-<UTC time>`; nothing is deleted.
  ///
  /// Nothing of the store changes until the new files are written and synced, and the
  /// files are then replaced in an order in which every step leaves a store that reads as it
  /// did before or as repaired: a full disk, a failed call or a power cut at any point never
  /// leaves it empty. Everything happens under the store's lock.
  ///
  /// - Throws: ``PersistenceError`` when the store's files cannot be read or written (a file
  ///   that cannot be read at all, for lack of permission or an I/O error, is reported as
  ///   ``PersistenceError/unreadable(_:reason:)``, and nothing is moved or written), when
  ///   the snapshot is at another schema version or not in the one-item-per-line layout
  ///   (use ``moveAside(directory:filename:now:)`` then), or when something other than a
  ///   regular file is at one of its paths. ``PersistenceError/writeFailed(_:reason:)``
  ///   means nothing was changed; ``PersistenceError/repairIncomplete(_:reason:)`` that the
  ///   store reads as before or as repaired, and the repair may be run again.
  public static func salvage(
    directory: URL = DataDirectory.default, filename: String = "data.json",
    configuration: StoreConfiguration = StoreConfiguration(), now: Date = .now
  ) throws -> SalvageReport {
    try salvage(
      directory: directory, filename: filename, configuration: configuration, now: now,
      fileSystem: SystemFileSystem())
  }

  /// ``salvage(directory:filename:configuration:now:)`` through `fileSystem`, which a test
  /// makes fail at any step.
  static func salvage(
    directory: URL, filename: String, configuration: StoreConfiguration, now: Date,
    fileSystem: any FileSystem
  ) throws(PersistenceError) -> SalvageReport {
    let location = try StoreLocation(directory: directory, filename: filename)
    let lock = StoreLock(
      location: location, fileSystem: fileSystem, timeout: configuration.lockTimeout)
    return try lock.withExclusiveLock { () throws(PersistenceError) -> SalvageReport in
      var report = SalvageReport()
      // No size cap here: the cap bounds what an open reads, and a store over it is one
      // of the things a salvage is for.
      let snapshotBytes = try FileReader(
        fileSystem: fileSystem, path: location.path, limit: .max
      ).readWholeFile()?.data
      var cache = OrderedCache<T.ID, T>()
      var sequence: Int? = 0
      if let snapshotBytes {
        let salvaged = try SnapshotSalvage<T>(
          snapshotBytes, configuration: configuration, file: location.fileURL)
        cache = salvaged.cache
        report.damaged = salvaged.damaged
        report.truncated = salvaged.truncated
        report.checksumMismatch = salvaged.checksumMismatch
        sequence = salvaged.sequenceIsVerified ? salvaged.sequence : nil
      }
      report.kept = cache.values.count
      let journalPath = location.path + ".journal"
      let journalBytes = try FileReader(
        fileSystem: fileSystem, path: journalPath, limit: .max
      ).readWholeFile()?.data
      var prefix: [UInt8] = []
      var lastNumber = sequence ?? 0
      var setAside: [UInt8] = []
      if let journalBytes {
        let bytes = Array(journalBytes)
        let journalURL = URL(fileURLWithPath: journalPath, isDirectory: false)
        let journal = JournalSalvage(bytes, after: sequence) { payload, offset in
          guard
            let change = try? ItemChange<T>(
              payload: payload, configuration: configuration, file: journalURL, at: offset)
          else { return false }
          change.apply(to: &cache)
          return true
        }
        report.journalRecordsApplied = journal.applied
        report.journalRecordsDamaged = journal.damaged
        report.journalBytesUnreadable = journal.unreadableBytes
        report.journalRecordsSetAside = journal.setAsideCount
        report.journalAppliedFromStart = sequence == nil && journal.applied > 0
        prefix = Array(bytes[..<journal.prefixEnd])
        lastNumber = max(lastNumber, journal.lastNumber ?? 0)
        setAside = journal.setAside
      }
      // The new snapshot holds every record of the prefix: numbered as the last of them, so
      // that the prefix, while it is still there, is skipped rather than applied again.
      let bytes: [UInt8]
      do {
        bytes = try StoreFormat.encode(
          cache.values, version: configuration.schemaVersion, sequence: lastNumber)
      } catch {
        throw .encodingFailed(location.fileURL, reason: String(describing: error))
      }
      let installer = SalvageInstaller(
        fileSystem: fileSystem, location: location, stamp: RecoveryStamp.make(now))
      let outcome = try installer.install(
        SalvageInstaller.Plan(
          snapshot: bytes, originalSnapshot: snapshotBytes, originalJournal: journalBytes,
          journalPrefix: prefix, setAside: setAside))
      report.movedTo = outcome.snapshotCopy.map { URL(fileURLWithPath: $0, isDirectory: false) }
      report.journalMovedTo = outcome.journalCopy.map {
        URL(fileURLWithPath: $0, isDirectory: false)
      }
      report.unappliedRecordsAt = outcome.setAsideFile.map {
        URL(fileURLWithPath: $0, isDirectory: false)
      }
      return report
    }
  }
}

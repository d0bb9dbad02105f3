// Recovery that saves what it can: every intact item stays, only the damaged bytes go aside.

import Foundation

extension LocalRepository {
  /// Rebuilds a store that cannot be opened from every item and journal record that is still
  /// intact, and moves the original files aside, whole, for inspection.
  ///
  /// The snapshot holds one item per line, so each line is decoded on its own: a damaged byte
  /// costs at most the item whose line it falls in (SQLite's `.recover` and LevelDB's
  /// `RepairDB` work the same way). A file cut short keeps every item before the cut; a
  /// damaged or missing header, `\r\n` line ends, and a file over the size cap keep every
  /// intact item (a store whose intact items alone exceed the cap is written whole, and
  /// opens once ``StoreConfiguration/maximumFileSize`` is raised). Then the journal's
  /// records are applied in order up to the first that is damaged or out of sequence: the
  /// store keeps a prefix of the changes, as they were made, never a change without the ones
  /// before it. Every intact record after that point is written, as it was, to
  /// `<name>.journal.unapplied-<UTC time>` beside the store (``SalvageReport/unappliedRecordsAt``)
  /// for a person to look at. The originals are renamed to `<name>.corrupt-<UTC time>` and
  /// `<name>.journal.corrupt-<UTC time>` under the store's lock, and the kept items are
  /// written as a new snapshot; nothing is deleted.
  ///
  /// - Throws: ``PersistenceError`` when the store's files cannot be read or written (a file
  ///   that cannot be read at all, for lack of permission or an I/O error, is reported as
  ///   ``PersistenceError/unreadable(_:reason:)``, and nothing is moved or written), when
  ///   the snapshot is at another schema version or not in the one-item-per-line layout
  ///   (use ``moveAside(directory:filename:now:)`` then), or when something other than a
  ///   regular file is at one of its paths.
  public static func salvage(
    directory: URL = DataDirectory.default, filename: String = "data.json",
    configuration: StoreConfiguration = StoreConfiguration(), now: Date = .now
  ) throws -> SalvageReport {
    let location = try StoreLocation(directory: directory, filename: filename)
    let fileSystem = SystemFileSystem()
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
      var sequence = 0
      if let snapshotBytes {
        sequence = try salvageSnapshot(
          snapshotBytes, into: &cache, report: &report, configuration: configuration,
          file: location.fileURL)
      }
      report.kept = cache.values.count
      let journalPath = location.path + ".journal"
      let journalBytes = try FileReader(
        fileSystem: fileSystem, path: journalPath, limit: .max
      ).readWholeFile()?.data
      let stamp = RecoveryStamp.make(now)
      if let journalBytes {
        let unapplied = salvageJournal(
          Array(journalBytes), after: sequence, into: &cache, report: &report,
          configuration: configuration, file: URL(fileURLWithPath: journalPath))
        if !unapplied.isEmpty {
          let path = RecoveryStamp.freePath(
            journalPath + ".unapplied-" + stamp, fileSystem: fileSystem)
          try writeDurably(unapplied, to: path, in: location, fileSystem: fileSystem)
          report.unappliedRecordsAt = URL(fileURLWithPath: path)
        }
      }
      report.journalMovedTo = try rename(journalPath, stamp: stamp, fileSystem)
      report.movedTo = try rename(location.path, stamp: stamp, fileSystem)
      let bytes: [UInt8]
      do {
        bytes = try StoreFormat.encode(
          cache.values, version: configuration.schemaVersion, sequence: 0)
      } catch {
        throw .encodingFailed(location.fileURL, reason: String(describing: error))
      }
      try writeDurably(bytes, to: location.path, in: location, fileSystem: fileSystem)
      return report
    }
  }

  /// Decodes each item line of `data` on its own into `cache` (see ``SnapshotSalvage``);
  /// returns the journal sequence the snapshot includes, 0 when its last line is lost.
  private static func salvageSnapshot(
    _ data: Data, into cache: inout OrderedCache<T.ID, T>, report: inout SalvageReport,
    configuration: StoreConfiguration, file: URL
  ) throws(PersistenceError) -> Int {
    let salvaged = try SnapshotSalvage<T>(data, configuration: configuration, file: file)
    cache = salvaged.cache
    report.damaged = salvaged.damaged
    report.truncated = salvaged.truncated
    report.checksumMismatch = salvaged.checksumMismatch
    return salvaged.sequence
  }

  /// Applies the records of `bytes` after those the snapshot includes (numbered up to
  /// `sequence`), in order, up to the first one that is damaged or not the next number;
  /// returns every intact record after that point, as its bytes, for a file beside the store.
  private static func salvageJournal(
    _ bytes: [UInt8], after sequence: Int, into cache: inout OrderedCache<T.ID, T>,
    report: inout SalvageReport, configuration: StoreConfiguration, file: URL
  ) -> [UInt8] {
    var position = 0
    var next = sequence + 1
    var applying = true
    var unapplied: [UInt8] = []
    while !Journal.Record.isFreeSpace(bytes, from: position) {
      switch Journal.Record.parse(bytes, at: position) {
      case .record(let number, _, let payload, let end):
        defer { position = end }
        // Records the snapshot includes are a prefix left by a failed truncate.
        if applying && number < next && report.journalRecordsApplied == 0 { continue }
        if applying, number == next,
          let change = try? Journal.Change<T>(
            payload: bytes[payload], configuration: configuration, file: file,
            at: Int64(position))
        {
          change.apply(to: &cache)
          report.journalRecordsApplied += 1
          next += 1
          continue
        }
        applying = false
        unapplied += bytes[position..<end]
        report.journalRecordsSetAside += 1
      case .damaged(_, let next):
        applying = false
        report.journalRecordsDamaged += 1
        guard let next else { return unapplied }
        position = next
      case .torn:
        return unapplied  // Cut short by a crash: never acknowledged.
      }
    }
    return unapplied
  }

  /// Writes `bytes` durably to `path`, a file of the store at `location`.
  private static func writeDurably(
    _ bytes: [UInt8], to path: String, in location: StoreLocation, fileSystem: SystemFileSystem
  ) throws(PersistenceError) {
    do throws(DurableFileWriter.Failure) {
      _ = try DurableFileWriter(fileSystem: fileSystem)
        .replaceContents(of: path, in: location.directory, with: bytes)
    } catch {
      switch error {
      case .notWritten(let cause), .undoneButNotDurable(let cause),
        .writtenButNotDurable(let cause, _):
        throw .writeFailed(URL(fileURLWithPath: path), reason: cause.description)
      }
    }
  }

  /// Renames `path` aside as `<path>.corrupt-<stamp>`; `nil` if there is no file.
  private static func rename(
    _ path: String, stamp: String, _ fileSystem: SystemFileSystem
  ) throws(PersistenceError) -> URL? {
    do throws(SystemCallError) {
      _ = try fileSystem.status(ofPath: path)
    } catch  where error.isMissing {
      return nil
    } catch {
      throw .recoveryFailed(URL(fileURLWithPath: path), reason: error.description)
    }
    let destination = RecoveryStamp.freePath(path + ".corrupt-" + stamp, fileSystem: fileSystem)
    do throws(SystemCallError) {
      try fileSystem.rename(path, to: destination)
    } catch {
      throw .recoveryFailed(URL(fileURLWithPath: path), reason: error.description)
    }
    return URL(fileURLWithPath: destination)
  }
}

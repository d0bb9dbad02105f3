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
  /// opens once ``StoreConfiguration/maximumFileSize`` is raised). Then
  /// each journal record that passes its checksum is applied in order; damaged ones are left
  /// out. The originals are renamed to `<name>.corrupt-<UTC time>` and
  /// `<name>.journal.corrupt-<UTC time>` under the store's lock, and the kept items are
  /// written as a new snapshot; nothing is deleted.
  ///
  /// - Throws: ``PersistenceError`` when the store's files cannot be read or written, when
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
      if let journalBytes {
        salvageJournal(
          Array(journalBytes), after: sequence, into: &cache, report: &report,
          configuration: configuration, file: URL(fileURLWithPath: journalPath))
      }
      let stamp = RecoveryStamp.make(now)
      report.journalMovedTo = try rename(journalPath, stamp: stamp, fileSystem)
      report.movedTo = try rename(location.path, stamp: stamp, fileSystem)
      let bytes: [UInt8]
      do {
        bytes = try StoreFormat.encode(
          cache.values, version: configuration.schemaVersion, sequence: 0)
      } catch {
        throw .encodingFailed(location.fileURL, reason: String(describing: error))
      }
      do throws(DurableFileWriter.Failure) {
        _ = try DurableFileWriter(fileSystem: fileSystem)
          .replaceContents(of: location.path, in: location.directory, with: bytes)
      } catch {
        switch error {
        case .notWritten(let cause), .writtenButNotDurable(let cause, _):
          throw .writeFailed(location.fileURL, reason: cause.description)
        }
      }
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

  /// Applies every intact record of `bytes` after those the snapshot includes (numbered up
  /// to `sequence`), in order, counting those whose number repeats or goes back.
  private static func salvageJournal(
    _ bytes: [UInt8], after sequence: Int, into cache: inout OrderedCache<T.ID, T>,
    report: inout SalvageReport, configuration: StoreConfiguration, file: URL
  ) {
    var position = 0
    var last: Int?
    var applying = false
    while !JournalRecord.isFreeSpace(bytes, from: position) {
      switch JournalRecord.parse(bytes, at: position) {
      case .record(let number, let payload, let end):
        defer { position = end }
        // Records the snapshot includes are a prefix left by a failed truncate; after the
        // first record applied, every intact one is an acknowledged change, whatever its
        // number.
        guard applying || number > sequence else {
          last = number
          continue
        }
        applying = true
        if let last, number <= last { report.journalRecordsOutOfOrder += 1 }
        last = max(last ?? number, number)
        if let change = try? JournalPayload.decode(
          Array(bytes[payload]), as: T.self, configuration: configuration, file: file,
          at: Int64(position))
        {
          change.apply(to: &cache)
          report.journalRecordsApplied += 1
        } else {
          report.journalRecordsDamaged += 1
        }
      case .damaged(_, let next):
        report.journalRecordsDamaged += 1
        guard let next else { return }
        position = next
      case .torn:
        return  // Never acknowledged.
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

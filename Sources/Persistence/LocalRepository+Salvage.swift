// Recovery that saves what it can: every intact item stays, only the damaged bytes go aside.

import Foundation

extension LocalRepository {
  /// Rebuilds a store that cannot be opened from every item and journal record that is still
  /// intact, and moves the original files aside, whole, for inspection.
  ///
  /// The snapshot holds one item per line, so each line is decoded on its own: a damaged byte
  /// costs at most the item whose line it falls in (SQLite's `.recover` and LevelDB's
  /// `RepairDB` work the same way). A file cut short keeps every item before the cut. Then
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
      let snapshotBytes = try FileReader(
        fileSystem: fileSystem, path: location.path, limit: configuration.maximumFileSize
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
        fileSystem: fileSystem, path: journalPath, limit: configuration.maximumFileSize
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

  /// Decodes each item line of `data` on its own into `cache`; returns the journal sequence
  /// the snapshot includes, 0 when its last line is lost.
  private static func salvageSnapshot(
    _ data: Data, into cache: inout OrderedCache<T.ID, T>, report: inout SalvageReport,
    configuration: StoreConfiguration, file: URL
  ) throws(PersistenceError) -> Int {
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let header = lines.first,
      let version = headerVersion(header), version == configuration.schemaVersion
    else {
      throw .corrupt(
        file,
        reason: "its first line is not the header of a version \(configuration.schemaVersion)"
          + " store, so its items cannot be told apart; move it aside instead")
    }
    let footer = lines.count > 1 ? lines[lines.count - 1] : nil
    let sequence = footer.flatMap(footerSequence)
    report.truncated = sequence == nil
    report.checksumMismatch = !checksumMatches(data, header: header)
    let itemLines = lines.dropFirst().dropLast(sequence == nil ? 0 : 1)
    // When the body fails its checksum, a line must also match one of the per-item checksums
    // of the header, if it has them: that finds a damaged byte that still parses. Matching
    // by value, not by position, keeps one lost line from shifting the others.
    let expected = report.checksumMismatch ? lineChecksums(header) : nil
    let decoder = JSONDecoder()
    for line in itemLines {
      var item = line[...]
      if item.last == UInt8(ascii: ",") { item = item.dropLast() }
      guard !item.isEmpty else { continue }
      guard expected?.contains(CRC32C.checksum(item)) ?? true,
        let decoded = try? decoder.decode(T.self, from: Data(item)),
        cache[decoded.id] == nil
      else {
        report.damaged += 1
        continue
      }
      cache.update(decoded, forKey: decoded.id)
    }
    return sequence ?? 0
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
    while position < bytes.count {
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

  /// The per-item checksums of a header line (`"lines":"crc32c:<8 hex digits per item>"`),
  /// or `nil` for a file written before they existed.
  private static func lineChecksums(_ header: Data.SubSequence) -> Set<UInt32>? {
    let text = String(decoding: header, as: UTF8.self)
    guard let start = text.range(of: #""lines":"crc32c:"#) else { return nil }
    let digits = Array(text[start.upperBound...].prefix { $0.isHexDigit })
    var checksums = Set<UInt32>()
    var index = 0
    while index + 8 <= digits.count {
      guard let value = UInt32(String(digits[index..<(index + 8)]), radix: 16) else { return nil }
      checksums.insert(value)
      index += 8
    }
    return checksums
  }

  /// The `version` of a header line `{"version":N,...,"items":[`.
  private static func headerVersion(_ line: Data.SubSequence) -> Int? {
    let text = String(decoding: line, as: UTF8.self)
    guard text.hasPrefix(#"{"version":"#), text.hasSuffix(#""items":["#) else { return nil }
    return Int(text.dropFirst(11).prefix { $0.isNumber })
  }

  /// The sequence in a last line `],"sequence":N}` (or `]` when the file has no items).
  private static func footerSequence(_ line: Data.SubSequence) -> Int? {
    let text = String(decoding: line, as: UTF8.self)
    let prefixes = [#"],"sequence":"#, #"]],"sequence":"#]
    guard let prefix = prefixes.first(where: text.hasPrefix), text.hasSuffix("}") else {
      return nil
    }
    return Int(text.dropFirst(prefix.count).dropLast())
  }

  /// Whether the header's CRC-32C, if it has one, matches the rest of the file.
  private static func checksumMatches(_ data: Data, header: Data.SubSequence) -> Bool {
    (try? StoreFormat.verifyChecksum(of: data)) != nil
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

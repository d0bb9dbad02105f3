// What a save never does to the journal: shorten it after a compaction, check it after a failed sync.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Journal {
  /// Replaces the journal durably by its records from byte `start` on: what a compaction
  /// leaves when records were appended after the snapshot it wrote. A failure leaves the
  /// whole journal, whose records up to `start` the new snapshot already holds, so a reader
  /// skips them.
  func keepRecords(from start: Int64) throws(PersistenceError) {
    let tail = start < length ? try readTail(from: start, to: length) : []
    let written: FileStatus
    do {
      written = try DurableFileWriter(fileSystem: fileSystem)
        .replaceContents(of: path, in: directory, with: tail)
    } catch {
      switch error {
      case .notWritten(let cause), .undoneButNotDurable(let cause),
        .writtenButNotDurable(let cause, _):
        throw .writeFailed(url, reason: "cannot shorten the journal: \(cause)")
      }
    }
    adopt(written, length: Int64(tail.count))
    noteFirstRecord(of: tail)
  }

  /// Whether no other writer wrote to the journal since this instance last wrote it, as far
  /// as can be told without trusting its bytes: the file at the path is still this one, and
  /// nothing follows the last record this instance knows of (the pages of its own unsynced
  /// records may have been dropped by a failed sync, so those are not compared). Call it
  /// under the store's lock.
  func hasNoRecordsOfOthers() throws(PersistenceError) -> Bool {
    let status: FileStatus
    do {
      status = try fileSystem.status(ofPath: path)
    } catch {
      throw .unreadable(url, reason: error.description)
    }
    guard let identity, identity == (status.device, status.inode) else { return false }
    guard status.size > length else { return true }
    return try readTail(from: length, to: length + 1) == [0]
  }

  /// The bytes from `start` to `end`.
  func readTail(from start: Int64, to end: Int64) throws(PersistenceError) -> [UInt8] {
    let descriptor: Int32
    do {
      descriptor = try openForWriting()
    } catch {
      throw .storeFile(error) { .unreadable(url, reason: $0.description) }
    }
    return try FileReader(fileSystem: fileSystem, path: path, limit: maximumSize)
      .read(descriptor, at: start, count: Int(end - start))
  }

  /// The largest size the journal may reach: `maximumSize`, or less under `ulimit -f`, where
  /// writing past the limit would raise `SIGXFSZ` for zeros no one asked for.
  static func sizeLimit(_ maximumSize: Int64) -> Int64 {
    var limit = rlimit()
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    #else
      let resource = RLIMIT_FSIZE
    #endif
    // No limit (`RLIM_INFINITY`, all bits set) clamps to `Int64.max`.
    guard getrlimit(resource, &limit) == 0 else { return maximumSize }
    return min(maximumSize, Int64(clamping: limit.rlim_cur))
  }
}

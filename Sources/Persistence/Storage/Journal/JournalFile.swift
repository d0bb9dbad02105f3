// The journal beside a snapshot: records written into space reserved ahead, catching up, truncation.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The journal file `<store>.journal` and what this process knows of it.
///
/// Records follow one another from the start of the file. After the last one the file holds
/// zeros: space reserved ahead (``reservation`` bytes at a time), so that a record is written
/// over bytes already on disk and the `fsync` that makes it durable need not commit a new
/// file size as well; that makes a durable save about a quarter cheaper on ext4. A record
/// never contains a zero byte (its JSON escapes one as `\u0000`), so the first zero after a
/// record is where the next one goes.
///
/// Not thread-safe: owned by one ``DiskStore`` and used on its repository's actor.
final class JournalFile {
  /// What happened to the journal since this instance last read or wrote it.
  enum Change {
    case unchanged
    /// Another writer appended `bytes`, which start at this instance's ``length``.
    case grew([UInt8])
    /// The file was truncated or replaced (another writer compacted): read everything again.
    case replaced
  }

  let path: String
  let directory: String
  let fileSystem: any FileSystem
  let maximumSize: Int64
  /// The permissions for a journal created by this instance.
  var newFilePermissions: mode_t = 0o600

  /// The zeros written after a record that does not fit in the space already reserved.
  static let reservation: Int64 = 64 << 10

  /// The bytes of intact records this instance has read or written.
  private(set) var length: Int64 = 0
  /// The size of the file as last seen or written: ``length`` and the space reserved after it.
  private var size: Int64 = 0
  private var descriptor: Int32?
  private var identity: (device: UInt64, inode: UInt64)?
  /// Where the kernel said ``descriptor``'s file was when it was opened, if it can say.
  private var openedAt: String?

  init(path: String, directory: String, fileSystem: any FileSystem, maximumSize: Int64) {
    self.path = path
    self.directory = directory
    self.fileSystem = fileSystem
    self.maximumSize = maximumSize
  }

  deinit {
    if let descriptor { try? fileSystem.close(descriptor, path: path) }
  }

  var url: URL { URL(fileURLWithPath: path) }

  /// The whole journal, or `nil` if there is none; remembers which file it read.
  func readAll() throws(PersistenceError) -> [UInt8]? {
    let reader = FileReader(fileSystem: fileSystem, path: path, limit: maximumSize)
    guard let (data, status) = try reader.readWholeFile() else {
      if let descriptor { try? fileSystem.close(descriptor, path: path) }
      descriptor = nil
      identity = nil
      length = 0
      size = 0
      return nil
    }
    remember(status)
    size = status.size
    return Array(data)
  }

  /// Records that the first `length` bytes are intact records this instance has applied.
  func markRead(upTo length: Int64) {
    self.length = length
  }

  /// Compares the file on disk with what this instance last read or wrote. Call it under the
  /// store's lock, so that no other writer is appending meanwhile.
  ///
  /// It asks for the file's status only when something may have changed. On Linux 6.13 and
  /// later, reading a file's times makes the kernel stamp the next write with a precise time,
  /// so the `fsync` after it must commit the file's metadata as well as its data: measured
  /// here, a `lstat` before each save cost about 30 µs of every durable save, all the saving
  /// of writing into reserved space. So while the open file is still the one at the path
  /// (the kernel's name for the descriptor has not changed), the two bytes around where the
  /// next record goes tell enough: the end of the last record is still there, and no other
  /// writer wrote after it.
  ///
  /// - Throws: ``PersistenceError/unreadable(_:reason:)`` when its status or its new records
  ///   cannot be read.
  func changesSinceLastSeen() throws(PersistenceError) -> Change {
    if let descriptor, let openedAt, fileSystem.currentPath(of: descriptor) == openedAt,
      try isUnchangedAtEnd(descriptor)
    {
      return .unchanged
    }
    let status: FileStatus
    do {
      status = try fileSystem.status(ofPath: path)
    } catch  where error.isMissing {
      return identity == nil ? .unchanged : .replaced
    } catch {
      throw .unreadable(url, reason: error.description)
    }
    // A link or a FIFO put there since: never read, append or truncate through it.
    guard status.kind == .regular else { throw .notARegularFile(url, found: status.kind.noun) }
    guard let identity, identity == (status.device, status.inode), status.size >= length else {
      return status.size == 0 && identity == nil ? .unchanged : .replaced
    }
    size = status.size
    guard status.size > length else { return .unchanged }
    guard status.size <= maximumSize else {
      throw .fileTooLarge(url, size: status.size, limit: maximumSize)
    }
    // A record starts with a digit: a zero where the next record goes means none was added.
    guard try readTail(from: length, to: length + 1) != [0] else { return .unchanged }
    return .grew(try readTail(from: length, to: status.size))
  }

  /// Whether the last byte this instance knows of (a record's end of line) and the one after
  /// it say that nothing changed: the file still reaches that far, and the next byte is a
  /// reserved zero or the end of the file.
  private func isUnchangedAtEnd(_ descriptor: Int32) throws(PersistenceError) -> Bool {
    guard length > 0 else { return false }
    var bytes: (UInt8, UInt8) = (0, 0)
    let count: Int
    do {
      count = try withUnsafeMutableBytes(of: &bytes) { buffer throws(SystemCallError) in
        try fileSystem.read(descriptor, path: path, at: length - 1, into: buffer)
      }
    } catch {
      throw .unreadable(url, reason: error.description)
    }
    return bytes.0 == UInt8(ascii: "\n") && (count == 1 || (count == 2 && bytes.1 == 0))
  }

  /// Whether the file is open for writing, so that an append makes no other system call.
  var isOpen: Bool { descriptor != nil }

  /// Writes `bytes`, one record, after the last record; on failure cuts the file back so that
  /// no partial record stays.
  ///
  /// A record that does not fit in the space reserved is written with ``reservation`` zeros
  /// after it (fewer near the size cap). Where those do not fit on the disk, the record is
  /// written alone, as a plain append.
  func append(_ bytes: [UInt8]) throws(SystemCallError) {
    let descriptor = try openForWriting()
    let end = length + Int64(bytes.count)
    if end > size, case let zeros = min(Self.reservation, Self.sizeLimit(maximumSize) - end),
      zeros > 0
    {
      do throws(SystemCallError) {
        try write(bytes + [UInt8](repeating: 0, count: Int(zeros)), to: descriptor)
        size = end + zeros
        length = end
        return
      } catch {
        // Perhaps only the zeros did not fit (the write was cut back): try the record alone.
        guard [ENOSPC, EFBIG, EDQUOT].contains(error.code) else { throw error }
      }
    }
    try write(bytes, to: descriptor)
    size = max(size, end)
    length = end
  }

  /// The largest size the journal may reach: `maximumSize`, or less under `ulimit -f`, where
  /// writing past the limit would raise `SIGXFSZ` (which ends the process unless ignored) for
  /// zeros no one asked for.
  private static func sizeLimit(_ maximumSize: Int64) -> Int64 {
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

  /// Writes `bytes` at ``length``, cutting the file back to ``length`` if only part of them
  /// got there.
  private func write(_ bytes: [UInt8], to descriptor: Int32) throws(SystemCallError) {
    var written = 0
    do throws(SystemCallError) {
      try fileSystem.writeAll(bytes, to: descriptor, path: path, at: length, progress: &written)
    } catch {
      if written > 0 {
        try? fileSystem.truncate(descriptor, path: path, to: length)
        size = length
      }
      throw error
    }
  }

  /// Cuts the journal to `newLength` bytes (a torn tail, or everything after compaction).
  func truncate(to newLength: Int64) throws(SystemCallError) {
    let descriptor = try openForWriting()
    try fileSystem.truncate(descriptor, path: path, to: newLength)
    length = newLength
    size = newLength
  }

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
      case .notWritten(let cause), .writtenButNotDurable(let cause, _):
        throw .writeFailed(url, reason: "cannot shorten the journal: \(cause)")
      }
    }
    if let descriptor { try? fileSystem.close(descriptor, path: path) }
    descriptor = nil
    identity = (written.device, written.inode)
    length = Int64(tail.count)
    size = length
  }

  /// Flushes the journal to stable storage.
  func synchronize() throws(SystemCallError) {
    try fileSystem.synchronize(try openForWriting(), path: path)
  }

  /// A flush of the journal for another thread to run once, while this instance goes on
  /// appending; it covers every byte appended before it runs, then closes its descriptor.
  ///
  /// It flushes through a duplicate of the journal's descriptor, so a journal replaced or
  /// closed meanwhile (a compaction does both) cannot turn it into a flush of another file;
  /// flushing a journal already replaced is harmless, as the files that replaced it were
  /// written durably.
  func detachedFlush() throws(SystemCallError) -> @Sendable () -> Result<Void, SystemCallError> {
    let descriptor = try fileSystem.duplicate(try openForWriting(), path: path)
    let fileSystem = fileSystem
    let path = path
    return {
      defer { try? fileSystem.close(descriptor, path: path) }
      do throws(SystemCallError) {
        try fileSystem.synchronize(descriptor, path: path)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
  }

  /// The descriptor used for appends, opening (and if needed creating) the file first.
  ///
  /// Call it after ``changesSinceLastSeen()`` under the store's lock, so the file is the one
  /// this instance knows. When it knew of no journal, the open created it, and the folder is
  /// flushed: otherwise an acknowledged first record could vanish with the folder entry.
  private func openForWriting() throws(SystemCallError) -> Int32 {
    if let descriptor { return descriptor }
    let opened = try fileSystem.openStoreFile(
      path, flags: O_RDWR | O_CREAT, mode: newFilePermissions)
    do throws(SystemCallError) {
      let status = try fileSystem.status(ofDescriptor: opened, path: path)
      if identity == nil { try fileSystem.synchronizeDirectory(directory) }
      identity = (status.device, status.inode)
      size = status.size
      openedAt = fileSystem.currentPath(of: opened)
    } catch {
      try? fileSystem.close(opened, path: path)
      throw error
    }
    descriptor = opened
    return opened
  }

  /// Forgets the open descriptor when the file on disk is no longer the one it refers to.
  private func remember(_ status: FileStatus) {
    if let known = identity, known != (status.device, status.inode), let descriptor {
      try? fileSystem.close(descriptor, path: path)
      self.descriptor = nil
    }
    identity = (status.device, status.inode)
  }

  private func readTail(from start: Int64, to end: Int64) throws(PersistenceError) -> [UInt8] {
    let descriptor: Int32
    do {
      descriptor = try openForWriting()
    } catch {
      throw .storeFile(error) { .unreadable(url, reason: $0.description) }
    }
    return try FileReader(fileSystem: fileSystem, path: path, limit: maximumSize)
      .read(descriptor, at: start, count: Int(end - start))
  }
}

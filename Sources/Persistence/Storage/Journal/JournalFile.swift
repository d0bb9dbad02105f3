// The append-only journal beside a snapshot: appends, reads of what others appended, truncation.

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

  /// The bytes of intact records this instance has read or written.
  private(set) var length: Int64 = 0
  private var descriptor: Int32?
  private var identity: (device: UInt64, inode: UInt64)?

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
      return nil
    }
    remember(status)
    return Array(data)
  }

  /// Records that the first `length` bytes are intact records this instance has applied.
  func markRead(upTo length: Int64) {
    self.length = length
  }

  /// Compares the file on disk with what this instance last read or wrote. Call it under the
  /// store's lock, so that no other writer is appending meanwhile.
  ///
  /// - Throws: ``PersistenceError/unreadable(_:reason:)`` when its status or its new records
  ///   cannot be read.
  func changesSinceLastSeen() throws(PersistenceError) -> Change {
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
    guard status.size > length else { return .unchanged }
    guard status.size <= maximumSize else {
      throw .fileTooLarge(url, size: status.size, limit: maximumSize)
    }
    return .grew(try readTail(from: length, to: status.size))
  }

  /// Whether the file is open for appending, so that an append makes no other system call.
  var isOpen: Bool { descriptor != nil }

  /// Appends `bytes`; on failure cuts the file back so that no partial record stays.
  func append(_ bytes: [UInt8]) throws(SystemCallError) {
    let descriptor = try openForWriting()
    var written = 0
    do throws(SystemCallError) {
      try fileSystem.writeAll(bytes, to: descriptor, path: path, progress: &written)
    } catch {
      if written > 0 { try? fileSystem.truncate(descriptor, path: path, to: length) }
      throw error
    }
    length += Int64(bytes.count)
  }

  /// Cuts the journal to `newLength` bytes (a torn tail, or everything after compaction).
  func truncate(to newLength: Int64) throws(SystemCallError) {
    let descriptor = try openForWriting()
    try fileSystem.truncate(descriptor, path: path, to: newLength)
    length = newLength
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
      path, flags: O_RDWR | O_CREAT | O_APPEND, mode: newFilePermissions)
    do throws(SystemCallError) {
      let status = try fileSystem.status(ofDescriptor: opened, path: path)
      if identity == nil { try fileSystem.synchronizeDirectory(directory) }
      identity = (status.device, status.inode)
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

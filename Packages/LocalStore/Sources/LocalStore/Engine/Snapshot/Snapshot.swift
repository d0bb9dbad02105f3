// The snapshot file of a store: checked reads, durable whole-file writes, and which version was seen.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The snapshot `<name>`: checked, size-capped reads; durable whole-file writes; and the
/// identity of the version last read or written, to notice changes made by other writers.
///
/// Not thread-safe: one ``LocalRepository`` owns it and uses it under the store's
/// ``StoreLock``, on its actor.
final class Snapshot {
  /// What tells one version of the file from another: a write creates a new inode, and a
  /// change in place changes the size or the modification time.
  struct Identity: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modificationTime: Int64
    /// The permission bits, which the journal copies when it is created.
    var permissions: mode_t

    init(_ status: FileStatus) {
      device = status.device
      inode = status.inode
      size = status.size
      modificationTime = status.modificationTime
      permissions = status.permissions
    }
  }

  let location: StoreLocation
  let fileSystem: any FileSystem
  let configuration: StoreConfiguration

  /// The identity of the file this instance last read or wrote; `nil` when there was none.
  private var lastSeen: Identity?

  init(
    location: StoreLocation, fileSystem: any FileSystem = SystemFileSystem(),
    configuration: StoreConfiguration = StoreConfiguration()
  ) {
    self.location = location
    self.fileSystem = fileSystem
    self.configuration = configuration
  }

  /// The size of the snapshot this instance last read or wrote; 0 when there was none.
  var lastSeenSize: Int64 { lastSeen?.size ?? 0 }

  /// The snapshot as last read or written, to tell later whether it is still the same.
  var lastSeenIdentity: Identity? { lastSeen }

  /// The permission bits of the snapshot this instance last read or wrote, if any.
  var lastSeenPermissions: mode_t? { lastSeen?.permissions }

  /// Runs `read` on the open file, and notes the file's identity once it returns: `nil`, and
  /// nothing noted but that there is no file, when there is none. What the bytes mean is the
  /// caller's business (the typed layer's ``SnapshotContents``); this type only knows which
  /// version of the file was read.
  func read<Contents>(
    _ read: (FileReader, _ descriptor: Int32, FileStatus) throws(PersistenceError) -> Contents
  ) throws(PersistenceError) -> Contents? {
    let reader = FileReader(
      fileSystem: fileSystem, path: location.path, limit: configuration.maximumFileSize)
    let contents = try reader.withOpenFile {
      descriptor, status throws(PersistenceError) -> Contents in
      let contents = try read(reader, descriptor, status)
      // The identity of the file whose bytes were just read, taken from the open descriptor.
      lastSeen = Identity(status)
      return contents
    }
    if contents == nil { lastSeen = nil }
    return contents
  }

  /// Refuses a sequence no writer could have reached: arithmetic on it must not overflow.
  func checkSequence(_ sequence: Int) throws(PersistenceError) {
    guard (0...Journal.Record.maximumSequence).contains(sequence) else {
      throw .corrupt(
        location.fileURL,
        reason: "its journal sequence \(sequence) is outside 0...\(Journal.Record.maximumSequence)")
    }
  }

  /// Whether the file on disk is not the one this instance last read or wrote.
  ///
  /// - Throws: ``PersistenceError/unreadable(_:reason:)`` when its status cannot be read,
  ///   ``PersistenceError/notARegularFile(_:found:)`` when a link or anything but a regular
  ///   file is there now.
  func hasChangedSinceLastSeen() throws(PersistenceError) -> Bool {
    let status: FileStatus
    do {
      status = try fileSystem.status(ofPath: location.path)
    } catch  where error.isMissing {
      return lastSeen != nil
    } catch {
      throw .unreadable(location.fileURL, reason: error.description)
    }
    // A link or a FIFO put there since: never read or replace what it points to.
    guard status.kind == .regular else {
      throw .notARegularFile(location.fileURL, found: status.kind.noun)
    }
    return Identity(status) != lastSeen
  }

  /// Writes `bytes`, a whole snapshot (``SnapshotContents/encode(_:version:sequence:for:)``), to a
  /// flushed temporary file beside the snapshot at `location`, for ``install(_:)`` to put in
  /// place later: the slow part of a compaction, which needs no lock and no actor.
  static func prepare(
    encoded bytes: [UInt8], at location: StoreLocation, fileSystem: any FileSystem,
    configuration: StoreConfiguration
  ) throws(PersistenceError) -> DurableFileWriter.Prepared {
    // A file this store would refuse to read back must never be written.
    guard Int64(bytes.count) <= configuration.maximumFileSize else {
      throw .wouldExceedSizeLimit(
        location.fileURL, size: Int64(bytes.count), limit: configuration.maximumFileSize)
    }
    do {
      return try DurableFileWriter(fileSystem: fileSystem)
        .prepare(location.path, in: location.directory, with: bytes)
    } catch {
      throw .writeFailed(location.fileURL, reason: error.description)
    }
  }

  /// Renames `prepared` over the snapshot and flushes the folder. Call it under the store's
  /// exclusive lock.
  func install(_ prepared: DurableFileWriter.Prepared) throws(PersistenceError) {
    do {
      let written = try DurableFileWriter(fileSystem: fileSystem)
        .install(prepared, at: location.path, in: location.directory)
      lastSeen = Identity(written)
    } catch {
      switch error {
      case .notWritten(let cause):
        throw .writeFailed(location.fileURL, reason: cause.description)
      case .undoneButNotDurable(let cause):
        throw .outcomeUnknown(
          location.fileURL,
          reason: "\(cause.description); the snapshot it replaced is back, but may not survive a"
            + " power cut")
      case .writtenButNotDurable(let cause, let written):
        lastSeen = Identity(written)
        throw .outcomeUnknown(
          location.fileURL,
          reason: "\(cause.description); the new snapshot is in place, and the one it replaced"
            + " could not be put back")
      }
    }
  }

  /// Removes `prepared`, a snapshot that will not be installed.
  func discard(_ prepared: DurableFileWriter.Prepared) {
    try? fileSystem.unlink(prepared.temporary)
  }

  /// Replaces the snapshot durably with `bytes`, a whole snapshot. Call it under the store's exclusive lock.
  func write(encoded bytes: [UInt8]) throws(PersistenceError) {
    try install(
      Self.prepare(
        encoded: bytes, at: location, fileSystem: fileSystem, configuration: configuration))
  }
}

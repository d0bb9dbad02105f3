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

  /// What a snapshot holds: its items in a cache, in file order, the journal sequence they
  /// include, and the schema version the file was written at, before any migration.
  struct Contents<Item: Identifiable> {
    var cache: OrderedCache<Item.ID, Item>
    var sequence: Int
    var version: Int
  }

  /// The items in the file and the journal sequence they include; no items when the file
  /// does not exist.
  ///
  /// A snapshot in the layout this package writes, at the configured version, is streamed
  /// into the cache (``SnapshotStream``), so the whole file and a second copy of its items
  /// are never in memory together. Anything else, a damaged file included, is read whole and
  /// decoded as one document, with migrations, and with the precise error.
  ///
  /// - Throws: ``PersistenceError/duplicateID(_:id:)`` when two items have the same ID, and
  ///   the errors of reading and decoding the file.
  func readSnapshot<Item: Decodable & Identifiable & Sendable>(
    as type: Item.Type
  ) throws(PersistenceError) -> Contents<Item> {
    let reader = FileReader(
      fileSystem: fileSystem, path: location.path, limit: configuration.maximumFileSize)
    var stream = SnapshotStream(reader: reader, version: configuration.schemaVersion)
    stream.chunkSize = configuration.snapshotChunkSize
    let contents = try reader.withOpenFile {
      descriptor, status throws(PersistenceError) -> Contents<Item> in
      if let streamed = try stream.read(descriptor, size: status.size, as: Item.self) {
        // The identity of the file whose bytes were just read, taken from the open descriptor.
        lastSeen = Identity(status)
        try checkSequence(streamed.sequence)
        return Contents(
          cache: streamed.cache, sequence: streamed.sequence, version: configuration.schemaVersion)
      }
      // The stream reads with `pread`, so this read starts at the first byte all the same.
      let data = try reader.readToEnd(descriptor, expectedSize: Int(status.size))
      lastSeen = Identity(status)
      return try decodeWhole(data, as: Item.self)
    }
    guard let contents else {
      lastSeen = nil
      return Contents(cache: OrderedCache(), sequence: 0, version: configuration.schemaVersion)
    }
    return contents
  }

  /// The items of `data`, the whole file, decoded as one document and upgraded to the
  /// configured version; what ``readSnapshot(as:)`` returns for a file it does not stream.
  func decodeWhole<Item: Decodable & Identifiable & Sendable>(
    _ data: Data, as type: Item.Type
  ) throws(PersistenceError) -> Contents<Item> {
    let stored: StoreFormat.Decoded<Item>
    do {
      stored = try StoreFormat.decode(data, as: Item.self, configuration: configuration)
    } catch {
      switch error {
      case .newerVersion(let version):
        throw .unsupportedVersion(
          location.fileURL, version: version, newest: configuration.schemaVersion)
      case .malformed(let reason):
        throw .corrupt(location.fileURL, reason: reason)
      case .migrationFailed(let version, let reason):
        throw .migrationFailed(location.fileURL, fromVersion: version, reason: reason)
      }
    }
    try checkSequence(stored.sequence)
    var cache = OrderedCache<Item.ID, Item>()
    cache.reserveCapacity(stored.items.count)
    if let duplicate = cache.appendUnique(stored.items) {
      throw .duplicateID(location.fileURL, id: String(describing: duplicate))
    }
    return Contents(cache: cache, sequence: stored.sequence, version: stored.version)
  }

  /// Refuses a sequence no writer could have reached: arithmetic on it must not overflow.
  private func checkSequence(_ sequence: Int) throws(PersistenceError) {
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

  /// Replaces the file with `items` at the configured schema version, durably, noting that
  /// they include the journal up to `sequence`.
  ///
  /// Call it inside ``StoreLock/withExclusiveLock(creatingTheFolder:_:)``, which creates the folder if needed.
  func write<Item: Encodable & Sendable>(
    _ items: [Item], sequence: Int
  )
    throws(PersistenceError)
  {
    try write(
      encoded: Self.encode(
        items, version: configuration.schemaVersion, sequence: sequence, for: location.fileURL))
  }

  /// The bytes of a snapshot of `items` at `sequence` in format `version`: pure work, which
  /// any thread can do, such as a compaction's off its repository's actor.
  static func encode<Item: Encodable & Sendable>(
    _ items: [Item], version: Int, sequence: Int, for file: URL
  ) throws(PersistenceError) -> [UInt8] {
    do {
      return try StoreFormat.encode(items, version: version, sequence: sequence)
    } catch {
      throw .encodingFailed(file, reason: String(describing: error))
    }
  }

  /// Writes `bytes`, a snapshot as ``encode(_:version:sequence:for:)`` makes them, to a
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

  /// Replaces the snapshot durably with `bytes`, as ``encode(_:version:sequence:for:)`` made
  /// them. Call it under the store's exclusive lock.
  func write(encoded bytes: [UInt8]) throws(PersistenceError) {
    try install(
      Self.prepare(
        encoded: bytes, at: location, fileSystem: fileSystem, configuration: configuration))
  }
}

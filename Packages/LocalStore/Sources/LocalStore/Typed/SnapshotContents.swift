// A snapshot's items, decoded: the typed layer's reading and encoding of the snapshot file.

import Foundation

/// What a snapshot holds: its items in a cache, in file order, the journal sequence they
/// include, and the schema version the file was written at, before any migration.
///
/// The engine's ``Snapshot`` reads and writes the file as bytes and knows which version of it
/// it saw; decoding those bytes into items, and items into bytes, happens here.
struct SnapshotContents<Item: Codable & Identifiable & Sendable> where Item.ID: Codable {
  var cache: OrderedCache<Item.ID, Item>
  var sequence: Int
  var version: Int

  /// The items in `snapshot`'s file and the journal sequence they include; no items when
  /// the file does not exist.
  ///
  /// A snapshot in the layout this package writes, at the configured version, is streamed
  /// into the cache (``SnapshotStream``), so the whole file and a second copy of its items
  /// are never in memory together. Anything else, a damaged file included, is read whole and
  /// decoded as one document, with migrations, and with the precise error.
  ///
  /// - Throws: ``PersistenceError/duplicateID(_:id:)`` when two items have the same ID, and
  ///   the errors of reading and decoding the file.
  init(reading snapshot: Snapshot) throws(PersistenceError) {
    let configuration = snapshot.configuration
    let read = try snapshot.read {
      reader, descriptor, status throws(PersistenceError) -> SnapshotContents in
      var stream = SnapshotStream(reader: reader, version: configuration.schemaVersion)
      stream.chunkSize = configuration.snapshotChunkSize
      if let streamed = try stream.read(descriptor, size: status.size, as: Item.self) {
        try snapshot.checkSequence(streamed.sequence)
        return SnapshotContents(
          cache: streamed.cache, sequence: streamed.sequence, version: configuration.schemaVersion)
      }
      // The stream reads with `pread`, so this read starts at the first byte all the same.
      let data = try reader.readToEnd(descriptor, expectedSize: Int(status.size))
      return try SnapshotContents(decodingWhole: data, of: snapshot)
    }
    self =
      read
      ?? SnapshotContents(cache: OrderedCache(), sequence: 0, version: configuration.schemaVersion)
  }

  private init(cache: OrderedCache<Item.ID, Item>, sequence: Int, version: Int) {
    self.cache = cache
    self.sequence = sequence
    self.version = version
  }

  /// The items of `data`, the whole of `snapshot`'s file, decoded as one document and
  /// upgraded to the configured version; what ``init(reading:)`` returns for a file it does
  /// not stream.
  init(decodingWhole data: Data, of snapshot: Snapshot) throws(PersistenceError) {
    let configuration = snapshot.configuration
    let file = snapshot.location.fileURL
    let stored: StoreFormat.Decoded<Item>
    do {
      stored = try StoreFormat.decode(data, as: Item.self, configuration: configuration)
    } catch {
      switch error {
      case .newerVersion(let version):
        throw .unsupportedVersion(file, version: version, newest: configuration.schemaVersion)
      case .malformed(let reason):
        throw .corrupt(file, reason: reason)
      case .migrationFailed(let version, let reason):
        throw .migrationFailed(file, fromVersion: version, reason: reason)
      }
    }
    try snapshot.checkSequence(stored.sequence)
    var cache = OrderedCache<Item.ID, Item>()
    cache.reserveCapacity(stored.items.count)
    if let duplicate = cache.appendUnique(stored.items) {
      throw .duplicateID(file, id: String(describing: duplicate))
    }
    self.init(cache: cache, sequence: stored.sequence, version: stored.version)
  }

  /// The bytes of a snapshot of `items` at `sequence` in format `version`: pure work, which
  /// any thread can do, such as a compaction's off its repository's actor.
  static func encode(
    _ items: [Item], version: Int, sequence: Int, for file: URL
  ) throws(PersistenceError) -> [UInt8] {
    do {
      return try StoreFormat.encode(items, version: version, sequence: sequence)
    } catch {
      throw .encodingFailed(file, reason: String(describing: error))
    }
  }
}

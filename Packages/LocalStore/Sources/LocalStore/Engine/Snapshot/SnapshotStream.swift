// The streamed open of a snapshot: read in chunks, decoded in parts, straight into a cache.

import Foundation

/// Reads a snapshot into a cache without ever holding the whole file, or its items twice.
///
/// The file is read in chunks of ``chunkSize`` bytes from the open descriptor, with `pread`,
/// so the descriptor's position stays at the start for a whole-file read after it.
/// ``SnapshotLineCutter`` cuts the complete item lines into parts as they arrive; once there
/// are ``partsPerBatch`` parts, a ``ParallelDecoder/Batch`` starts decoding them on other
/// threads, and this one goes on reading and cutting the next batch. Once that one is cut
/// and started too, the first batch's items go into the cache, which refuses an ID that
/// comes twice, and its parts are dropped. So the serial steps, cutting and filling the
/// cache, never leave the decoding cores idle (measured here: the open of 100,000 items
/// took about a quarter less time than when the cores waited for the cutting), and memory
/// holds the cache, one chunk and two batches of parts at a time.
///
/// It is a fast path only. For anything but a snapshot in exactly the layout this package
/// writes, at the expected version and with its checksum matching, and when a part does not
/// decode or an ID comes twice, it returns `nil` and the caller reads the file whole, which
/// gives the precise error. It returns nothing before the whole file has been read and its
/// checksum matched. It throws only what the whole-file read throws before decoding: a
/// failed read, and a file that grew past the size cap.
struct SnapshotStream {
  let reader: FileReader
  /// The schema version the file must be at.
  let version: Int
  /// How many bytes each read asks for.
  var chunkSize = 1 << 20
  /// How many item lines each part holds.
  var linesPerPart = ParallelDecoder.linesPerPart
  /// How many parts wait to be decoded together: two per core, so that the cores stay
  /// evenly busy beside the insertion of the previous batch.
  var partsPerBatch = 2 * ProcessInfo.processInfo.activeProcessorCount

  /// The items of the file open at `descriptor`, whose size was `size` when it was opened,
  /// in file order, and the journal sequence in its footer; `nil` when the stream declines.
  ///
  /// - Throws: ``PersistenceError/unreadable(_:reason:)`` when a read fails, and
  ///   ``PersistenceError/fileTooLarge(_:size:limit:)`` when the file has grown past the cap.
  func read<Item: Decodable & Identifiable & Sendable>(
    _ descriptor: Int32, size: Int64, as type: Item.Type
  ) throws(PersistenceError) -> (cache: OrderedCache<Item.ID, Item>, sequence: Int)? {
    var cutter = SnapshotLineCutter(version: version, linesPerPart: linesPerPart)
    // Filled on this thread while other threads decode the next batch.
    var cache = OrderedCache<Item.ID, Item>()
    // Decoding on other threads while this one reads and cuts the next batch.
    var decoding: ParallelDecoder.Batch<Item>?
    // A batch still decoding when the stream declines is waited for, not left running.
    defer { _ = decoding?.wait() }
    var reserved = false
    var chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
    // One byte past the cap is enough to tell that the file grew over it.
    let capacity = reader.limit < Int64.max ? reader.limit + 1 : reader.limit
    var offset: Int64 = 0
    while true {
      let room = Int(min(Int64(chunk.count), capacity - offset))
      guard room > 0 else {
        throw .fileTooLarge(
          URL(fileURLWithPath: reader.path, isDirectory: false), size: offset, limit: reader.limit)
      }
      let result = chunk.withUnsafeMutableBytes { buffer in
        Result { () throws(PersistenceError) in
          try reader.read(
            descriptor, at: offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<room]))
        }
      }
      let count = try result.get()
      if count == 0 { break }
      offset += Int64(count)
      let accepted = chunk.withUnsafeBytes { buffer in
        cutter.consume(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
      }
      guard accepted else { return nil }
      if !reserved, let headerLength = cutter.headerLength {
        // Each item line takes two bytes at least: a crafted header cannot reserve more.
        let bound = max(0, Int(size) - headerLength) / 2
        let count = min(cutter.announcedItemCount, bound)
        cache.reserveCapacity(count)
        reserved = true
      }
      if cutter.readyParts.count >= partsPerBatch {
        let next = ParallelDecoder.Batch(decoding: cutter.takeReadyParts(), as: Item.self)
        let appended = Self.append(&decoding, to: &cache)
        decoding = next
        guard appended else { return nil }
      }
    }
    guard let end = cutter.finish() else { return nil }
    let parts = cutter.takeReadyParts() + (end.lastPart.map { [$0] } ?? [])
    let last = ParallelDecoder.Batch(decoding: parts, as: Item.self)
    let appended = Self.append(&decoding, to: &cache)
    decoding = last
    guard appended, Self.append(&decoding, to: &cache) else { return nil }
    return (cache, end.sequence)
  }

  /// Waits for `batch`, if there is one, and appends its items to `cache` in order, leaving
  /// `batch` `nil`; `false` when a part did not decode or an ID is already in the cache.
  private static func append<Item: Identifiable>(
    _ batch: inout ParallelDecoder.Batch<Item>?, to cache: inout OrderedCache<Item.ID, Item>
  ) -> Bool {
    defer { batch = nil }
    guard let batch else { return true }
    guard let decoded = batch.wait() else { return false }
    return decoded.allSatisfy { cache.appendUnique($0) == nil }
  }
}

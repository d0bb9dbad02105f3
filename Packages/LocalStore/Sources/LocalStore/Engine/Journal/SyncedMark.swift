// How far the journal was durable when a sync last succeeded, kept where zeros cannot hide it.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A line in the store's lock file that says how many bytes of which journal a sync has made
/// durable: `synced <first record> <its crc32c> <length> <crc32c>`.
///
/// Each record says how far the journal was synced when it was written, which covers every
/// record but the last ones: nothing in the journal witnesses them. Damage to them, or zeros
/// over them, would read as a write torn by a power cut. So when a writer stops writing for
/// now (``LocalRepository/synchronize()``, or the repository going away), it puts how far
/// its last successful sync reached in `<store>.lock` (a file that is never renamed), at
/// ``offset``, after the lock's own mark (see `StoreLock`). It is not synced itself: a power
/// cut may lose it, which only makes a reader trust less; it is written after the sync
/// returned, so it never claims more than is durable. A reader refuses damage below it as
/// damage to saved changes. A writer killed before it stops writing leaves no mark for its
/// last records: damage to them then reads as a torn write, as it did before the mark.
///
/// The journal is named by its first record, its number and the CRC-32C of its bytes, so that
/// a copy of the store's files keeps the mark's meaning: a journal emptied or replaced by a
/// compaction starts again after the snapshot's number, so a mark whose first record the
/// snapshot already holds is about a journal that is gone.
struct SyncedMark: Equatable {
  /// Where the line starts in the lock file: the bytes before it are the lock's own mark.
  static let offset: Int64 = 64

  /// The number of the journal's first record.
  var firstRecord: Int
  /// The CRC-32C of the first record's bytes, its end of line included.
  var firstChecksum: UInt32
  /// How many bytes from the start of the journal are durable.
  var length: Int64

  /// The line, with the CRC-32C of what comes before its checksum.
  var encoded: [UInt8] {
    Array("\(body) \(StoreFormat.hex(checksum))\n".utf8)
  }

  /// The mark at the start of `bytes`, or `nil` when there is none or it fails its checks.
  init?(_ bytes: [UInt8]) {
    guard let newline = bytes.prefix(200).firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    let words = bytes[..<newline].split(separator: UInt8(ascii: " "))
    guard words.count == 5, String(decoding: words[0], as: UTF8.self) == "synced",
      let first = Int(String(decoding: words[1], as: UTF8.self)),
      let firstChecksum = UInt32(String(decoding: words[2], as: UTF8.self), radix: 16),
      let length = Int64(String(decoding: words[3], as: UTF8.self)), length >= 0,
      let stored = UInt32(String(decoding: words[4], as: UTF8.self), radix: 16)
    else { return nil }
    self.init(firstRecord: first, firstChecksum: firstChecksum, length: length)
    guard stored == checksum else { return nil }
  }

  init(firstRecord: Int, firstChecksum: UInt32, length: Int64) {
    self.firstRecord = firstRecord
    self.firstChecksum = firstChecksum
    self.length = length
  }

  /// The line without its checksum, and the checksum of it.
  private var body: String { "synced \(firstRecord) \(StoreFormat.hex(firstChecksum)) \(length)" }
  private var checksum: UInt32 { CRC32C.checksum(Array(body.utf8)) }

  /// The mark in the lock file at `path`, if it can be read and is whole.
  static func read(from path: String, fileSystem: any FileSystem) -> SyncedMark? {
    guard
      let descriptor = try? fileSystem.openStoreFile(path, flags: O_RDONLY, mode: 0).descriptor
    else { return nil }
    defer { try? fileSystem.close(descriptor, path: path) }
    var bytes = [UInt8](repeating: 0, count: 128)
    guard
      let count = try? bytes.withUnsafeMutableBytes({ buffer throws(SystemCallError) in
        try fileSystem.read(descriptor, path: path, at: offset, into: buffer)
      })
    else { return nil }
    return SyncedMark(Array(bytes.prefix(count)))
  }

  /// Removes the mark from the lock file at `path` (cutting the file back to the lock's own
  /// mark) and syncs it: what a repair does before it puts a journal of its own in place,
  /// which the mark would otherwise be taken to describe. No lock file means no mark.
  static func clear(at path: String, fileSystem: any FileSystem) throws(SystemCallError) {
    let opened: (descriptor: Int32, status: FileStatus)
    do {
      opened = try fileSystem.openStoreFile(path, flags: O_WRONLY, mode: 0)
    } catch  where error.isMissing {
      return
    }
    let descriptor = opened.descriptor
    defer { try? fileSystem.close(descriptor, path: path) }
    guard opened.status.size > offset else { return }
    try fileSystem.truncate(descriptor, path: path, to: offset)
    try fileSystem.synchronize(descriptor, path: path)
  }
}

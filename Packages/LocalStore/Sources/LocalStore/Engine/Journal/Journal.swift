// The journal beside a snapshot: records written into space reserved ahead, synced, read back.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The journal file `<store>.journal`: one record per change since the snapshot, and what
/// this process knows of the file.
///
/// Records follow one another from the start of the file (``Record``). After the last one
/// the file holds zeros: space reserved ahead (``reservation`` bytes at a time), so that a
/// record is written over bytes already on disk and the `fsync` that makes it durable need
/// not commit a new file size too, which makes a durable save about a quarter cheaper on
/// ext4. A record never contains a zero byte, so the first zero after a record is where the
/// next one goes.
///
/// It knows how far the file is synced (``syncedLength``) and writes that into each record
/// it appends, so that a reader can tell a write torn by a power cut from damage to a synced
/// record (see `Journal+Replay`). Bytes it read but did not sync itself are made durable
/// before its first record goes after them (``hasUnsyncedBytesOfOthers``), so the mark a
/// record carries covers everything before it, whoever wrote it; and it knows which bytes are
/// its own records still waiting for a sync (``ownUnsynced``), the only ones a failed sync may
/// take back.
///
/// Not thread-safe: one ``LocalRepository`` owns it and uses it on its actor.
final class Journal {
  /// What happened to the file since this instance last read or wrote it: nothing, another
  /// writer appended `bytes` (from this instance's ``length`` on), or the file was truncated
  /// or replaced (another writer compacted), so everything must be read again.
  enum Growth { case unchanged, grew([UInt8]), replaced }

  let path: String
  let directory: String
  let fileSystem: any FileSystem
  let maximumSize: Int64
  /// The permissions for a journal this instance creates.
  var newFilePermissions: mode_t = 0o600

  /// The zeros written after a record that does not fit in the space already reserved.
  static let reservation: Int64 = 64 << 10

  /// The bytes of intact records this instance has read or written.
  private(set) var length: Int64 = 0
  /// How many bytes from the start are known durable: covered by a sync that succeeded, this
  /// instance's or, as its records say, another writer's.
  private(set) var syncedLength: Int64 = 0
  /// This instance's own records that no sync has covered yet, while they are the last
  /// records it knows of: the only bytes a failed sync takes back. `nil` when there are none.
  private(set) var ownUnsynced: Range<Int64>?
  /// Where a record ends: the generation of the journal (which changes whenever its bytes are
  /// cut back or replaced, so that offsets no longer mean what they meant) and the offset.
  struct Position: Equatable, Sendable { var generation: Int, end: Int64 }

  /// The generation of the file's offsets: see ``Position``.
  private(set) var generation = 0
  /// Where the last intact record read or written ends.
  var position: Position { Position(generation: generation, end: length) }

  /// The number of the last intact record read or appended, `nil` while there is none:
  /// every record must have a larger number than the one before it.
  var lastRecordNumber: Int?
  /// The number and CRC-32C of the record at the start of the file, once read or written:
  /// what names this journal in a ``SyncedMark``.
  var firstRecord: (number: Int, checksum: UInt32)?
  /// Where the last record read or written starts, and the CRC-32C of its bytes: how a
  /// writer that catches up makes sure it reads on from where it stopped.
  var lastRecord: (start: Int64, checksum: UInt32)?
  /// The store's lock file, where the ``SyncedMark`` is kept, and the descriptor that writes it.
  let lockPath: String
  var markDescriptor: Int32?
  /// The length the last ``SyncedMark`` this instance wrote says is durable.
  var markWritten: Int64 = 0
  /// Bytes after the intact records that are not reserved zeros: a write torn by a crash or a
  /// power cut, cut off (after a copy is kept) by the next writer. See `Journal+TornTail`.
  var tornTail: (bytes: [UInt8], copy: String?)?
  /// What reading found and opened past, in the order found.
  var warnings: [StoreWarning] = []
  /// The size of the file as last seen or written: ``length`` and the space reserved after it.
  var size: Int64 = 0
  private(set) var descriptor: Int32?
  private(set) var identity: (device: UInt64, inode: UInt64)?
  /// Where the kernel said ``descriptor``'s file was when it was opened, if it can say.
  private(set) var openedAt: String?

  init(path: String, directory: String, fileSystem: any FileSystem, maximumSize: Int64) {
    self.path = path
    self.directory = directory
    self.fileSystem = fileSystem
    self.maximumSize = maximumSize
    lockPath = String(path.dropLast(".journal".count)) + ".lock"
  }

  deinit {
    writeSyncedMark()
    if let descriptor { try? fileSystem.close(descriptor, path: path) }
    if let markDescriptor { try? fileSystem.close(markDescriptor, path: lockPath) }
  }

  var url: URL { URL(fileURLWithPath: path, isDirectory: false) }

  /// The whole journal, or `nil` if there is none; remembers which file it read. Nothing read
  /// is known durable yet: its records say how far it is.
  func readAll() throws(PersistenceError) -> [UInt8]? {
    let reader = FileReader(fileSystem: fileSystem, path: path, limit: maximumSize)
    generation += 1
    length = 0
    syncedLength = 0
    ownUnsynced = nil
    lastRecordNumber = nil
    firstRecord = nil
    lastRecord = nil
    markWritten = 0
    guard let (data, status) = try reader.readWholeFile() else {
      forgetDescriptor()
      identity = nil
      size = 0
      return nil
    }
    if let known = identity, known != (status.device, status.inode) { forgetDescriptor() }
    identity = (status.device, status.inode)
    size = status.size
    return Array(data)
  }

  /// Records that the first `length` bytes are intact records this instance has applied.
  func markRead(upTo length: Int64) {
    self.length = length
  }

  /// Records that the first `length` bytes are durable, as a sync or a record says.
  func markSynced(through length: Int64) {
    syncedLength = max(syncedLength, min(length, self.length))
    if let own = ownUnsynced {
      ownUnsynced =
        syncedLength >= own.upperBound ? nil : max(own.lowerBound, syncedLength)..<own.upperBound
    }
  }

  /// Writes `record` after the last record; on failure cuts the file back so that no partial
  /// record stays. A record that does not fit in the space reserved is written with
  /// ``reservation`` zeros after it (fewer near the size cap); where those do not fit on the
  /// disk, the record is written alone.
  func append(_ record: [UInt8]) throws(SystemCallError) {
    let descriptor = try openForWriting()
    if length == 0 { noteFirstRecord(of: record) }
    let end = length + Int64(record.count)
    if end > size, case let zeros = min(Self.reservation, Journal.sizeLimit(maximumSize) - end),
      zeros > 0
    {
      do throws(SystemCallError) {
        try write(record + [UInt8](repeating: 0, count: Int(zeros)), to: descriptor)
        size = end + zeros
        noteAppended(upTo: end)
        return
      } catch {
        // Perhaps only the zeros did not fit (the write was cut back): try the record alone.
        guard [ENOSPC, EFBIG, EDQUOT].contains(error.code) else { throw error }
      }
    }
    try write(record, to: descriptor)
    size = max(size, end)
    noteAppended(upTo: end)
  }

  /// Notes which record `bytes` (the journal from its first byte) begin with, so that the
  /// ``SyncedMark`` can name it: a journal emptied by a compaction, or rewritten with the
  /// records appended meanwhile, gets its mark as a journal read from the start does.
  func noteFirstRecord(of bytes: [UInt8]) {
    guard case .record(let number, _, _, let end) = Record.parse(bytes, at: 0) else {
      firstRecord = nil
      return
    }
    firstRecord = (number, CRC32C.checksum(bytes[0..<end]))
  }

  /// Notes a record of this instance's own from ``length`` to `end`, not synced yet.
  private func noteAppended(upTo end: Int64) {
    let start = ownUnsynced.flatMap { $0.upperBound == length ? $0.lowerBound : nil } ?? length
    ownUnsynced = start..<end
    length = end
  }

  /// Cuts the journal to `newLength` bytes: a torn tail, the records a failed sync covered,
  /// or everything after a compaction.
  func truncate(to newLength: Int64) throws(SystemCallError) {
    let descriptor = try openForWriting()
    try fileSystem.truncate(descriptor, path: path, to: newLength)
    if newLength < length {
      generation += 1
      markWritten = 0  // A mark for the longer file must be written again, shorter.
    }
    length = newLength
    size = newLength
    syncedLength = min(syncedLength, newLength)
    if let own = ownUnsynced {
      ownUnsynced =
        newLength <= own.lowerBound ? nil : own.lowerBound..<min(own.upperBound, newLength)
    }
    if newLength == 0 {
      lastRecordNumber = nil
      firstRecord = nil
    }
    if let last = lastRecord, last.start >= newLength { lastRecord = nil }
  }

  /// Takes `written`, a file put at the path in place of the journal, as the journal from
  /// now on: `length` bytes of records, all synced.
  func adopt(_ written: FileStatus, length: Int64) {
    forgetDescriptor()
    identity = (written.device, written.inode)
    generation += 1
    self.length = length
    size = length
    syncedLength = length
    ownUnsynced = nil
    firstRecord = nil
    lastRecord = nil
    markWritten = 0
  }

  /// The descriptor used for appends, opening (and if needed creating) the file first.
  ///
  /// Call it after ``changesSinceLastSeen()`` under the store's lock, so the file is the one
  /// this instance knows. A journal it creates gets ``newFilePermissions``, and the folder is
  /// flushed: otherwise an acknowledged first record could vanish with the folder entry.
  func openForWriting() throws(SystemCallError) -> Int32 {
    if let descriptor { return descriptor }
    let (opened, status, created) = try fileSystem.createStoreFile(
      path, permissions: newFilePermissions)
    do throws(SystemCallError) {
      if created || identity == nil { try fileSystem.synchronizeDirectory(directory) }
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

  private func forgetDescriptor() {
    if let descriptor { try? fileSystem.close(descriptor, path: path) }
    descriptor = nil
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
}

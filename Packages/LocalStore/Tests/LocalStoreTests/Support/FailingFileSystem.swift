// A file system that performs real calls but makes a chosen one fail, for fault injection.

import Foundation
import LocalStoreTestSupport

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Forwards to the real file system and fails the N-th call (counting from 1) with `errno`.
///
/// With `persistent` every call from the N-th on fails, as on a disk that stays full. It also
/// records the names of the calls made, so a test can count them or find the N of a step.
final class FailingFileSystem: FileSystem {
  private struct State {
    var calls: [String] = []
    var failAt: Int?
    var persistent = false
    var code: Int32 = EIO
    var callsOffExecutor: [String] = []
    var renamedSizes: [Int64] = []
    /// Fails every call with this name on a path with this suffix, whatever its number.
    var failMatching: (call: String, pathSuffix: String)?
    /// How many more calls `failMatching` fails.
    var failMatchingRemaining = Int.max
    /// How many more matching calls succeed before `failMatching` fails any.
    var failMatchingSkipped = 0
    /// What was written to each file since its last `fsync`.
    var unsyncedFiles: [String: UnsyncedWrites] = [:]
    /// Every how many-th `fsync` fails, and whether a failed one drops the pages it could not
    /// write: see ``failEverySync(_:losingPages:)``.
    var failingSyncs: (every: Int, losingPages: Bool, count: Int)?
    /// Whether the next `fsync` of a journal fails and drops its pages.
    var failsNextJournalSync = false
    /// Flushes that wait for a gate: see ``holdFlushes(onPathContaining:until:entered:)``.
    var heldFlushes: (part: String, gate: DispatchSemaphore, entered: Guarded<Int>)?
    /// How many times a holder asked whether others wait for the lock.
    var waitingHolderQueries = 0
  }
  /// The writes to one file since its last `fsync`, enough to undo them.
  private struct UnsyncedWrites {
    /// The file's size at that `fsync` (or before the first write).
    var syncedSize: Int64
    /// The bytes each write replaced inside the file, oldest first.
    var replaced: [(offset: Int64, bytes: [UInt8])] = []
    /// The bytes written, from the first to the last one that is not zero (the zeros a
    /// journal reserves after a record do not count).
    var written: Range<Int64>?
  }
  private let state = LockedState(State())
  private let real = SystemFileSystem()

  /// The names of the calls made so far, such as `["lstat", "open", "fchmod", ...]`.
  var calls: [String] { state.withLock { $0.calls } }

  /// The calls made while no repository queue (``StoreExecutor/makeQueue(label:)``) was
  /// running the caller.
  var callsOffExecutor: [String] { state.withLock { $0.callsOffExecutor } }

  /// How many times a holder asked whether others wait for the store's lock
  /// (``FileSystem/othersWait(_:path:)``), in all.
  var waitingHolderQueries: Int { state.withLock { $0.waitingHolderQueries } }

  /// The size of each file at the moment it was renamed into place, in order.
  var renamedSizes: [Int64] { state.withLock { $0.renamedSizes } }

  /// Fails call number `index` (1-based, counted from now on) with `code`, and forgets the
  /// calls recorded so far; `nil` fails nothing.
  func fail(at index: Int?, code: Int32 = EIO, persistent: Bool = false) {
    state.withLock {
      $0.calls = []
      $0.callsOffExecutor = []
      $0.renamedSizes = []
      $0.failAt = index
      $0.code = code
      $0.persistent = persistent
      $0.failMatching = nil
    }
  }

  /// Fails the next `times` calls (every one by default) named `call` (such as `"flock"`)
  /// on a path ending in `suffix` with `code`, whatever their number; other calls succeed.
  /// `fail(at:)` clears it. The first `skipping` such calls succeed.
  func fail(
    _ call: String, onPathEndingIn suffix: String, code: Int32 = EIO, times: Int = .max,
    skipping: Int = 0
  ) {
    state.withLock {
      $0.failMatchingSkipped = skipping
      $0.calls = []
      $0.failAt = nil
      $0.code = code
      $0.failMatching = (call, suffix)
      $0.failMatchingRemaining = times
    }
  }

  private func check(_ call: String, _ path: String) throws(SystemCallError) {
    let onExecutor = StoreExecutor.currentQueueLabel != nil
    let failure: Int32? = state.withLock {
      $0.calls.append(call)
      if !onExecutor { $0.callsOffExecutor.append(call) }
      if let match = $0.failMatching, match.call == call, path.hasSuffix(match.pathSuffix),
        $0.failMatchingRemaining > 0
      {
        guard $0.failMatchingSkipped == 0 else {
          $0.failMatchingSkipped -= 1
          return nil
        }
        $0.failMatchingRemaining -= 1
        return $0.code
      }
      guard let failAt = $0.failAt else { return nil }
      let number = $0.calls.count
      return number == failAt || ($0.persistent && number > failAt) ? $0.code : nil
    }
    if let failure { throw SystemCallError(call: call, path: path, code: failure) }
  }

  func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32 {
    try check("open", path)
    return try real.open(path, flags: flags, mode: mode)
  }

  func close(_ descriptor: Int32, path: String) throws(SystemCallError) {
    do {
      try check("close", path)
    } catch {
      try? real.close(descriptor, path: path)  // A failed close still releases the descriptor.
      throw error
    }
    try real.close(descriptor, path: path)
  }

  func read(
    _ descriptor: Int32, path: String, into buffer: UnsafeMutableRawBufferPointer
  )
    throws(SystemCallError) -> Int
  {
    try check("read", path)
    return try real.read(descriptor, path: path, into: buffer)
  }

  func write(
    _ descriptor: Int32, path: String, from buffer: UnsafeRawBufferPointer
  )
    throws(SystemCallError) -> Int
  {
    try check("write", path)
    // Every plain write of the store goes to the end of the file.
    let before = try real.status(ofDescriptor: descriptor, path: path).size
    let count = try real.write(descriptor, path: path, from: buffer)
    noteWrite(
      path, at: before, of: UnsafeRawBufferPointer(rebasing: buffer[..<count]), size: before)
    return count
  }

  func write(
    _ descriptor: Int32, path: String, at offset: Int64, from buffer: UnsafeRawBufferPointer
  ) throws(SystemCallError) -> Int {
    // The lock file's writes are its marks (the lock's, the journal's synced length): named
    // apart from the journal's records.
    try check(path.hasSuffix(".lock") ? "pwrite mark" : "pwrite", path)
    let before = try real.status(ofDescriptor: descriptor, path: path).size
    // What the write replaces, read first so that a power cut can put it back.
    let overlap = Int(max(0, min(before - offset, Int64(buffer.count))))
    // Nothing to read past the end: an array made with a capacity of 0 would write its count
    // into the one empty array every thread shares, which the thread sanitizer reports.
    let replaced =
      overlap == 0
      ? []
      : [UInt8](unsafeUninitializedCapacity: overlap) { bytes, count in
        count =
          (try? real.read(
            descriptor, path: path, at: offset, into: UnsafeMutableRawBufferPointer(bytes))) ?? 0
      }
    let count = try real.write(descriptor, path: path, at: offset, from: buffer)
    noteWrite(
      path, at: offset, of: UnsafeRawBufferPointer(rebasing: buffer[..<count]), size: before)
    state.withLock { state in
      state.unsyncedFiles[path]?.replaced.append((offset, Array(replaced.prefix(count))))
    }
    return count
  }

  /// Records that `bytes` were written at `offset` of `path`, whose size was `size` before.
  private func noteWrite(
    _ path: String, at offset: Int64, of bytes: UnsafeRawBufferPointer, size: Int64
  ) {
    state.withLock { state in
      var writes = state.unsyncedFiles[path] ?? UnsyncedWrites(syncedSize: size)
      if let last = bytes.lastIndex(where: { $0 != 0 }) {
        let range = offset..<(offset + Int64(last) + 1)
        writes.written =
          writes.written.map {
            min($0.lowerBound, range.lowerBound)..<max($0.upperBound, range.upperBound)
          } ?? range
      }
      state.unsyncedFiles[path] = writes
    }
  }

  func duplicate(_ descriptor: Int32, path: String) throws(SystemCallError) -> Int32 {
    try check("dup", path)
    return try real.duplicate(descriptor, path: path)
  }

  /// Makes every flush of a file whose path contains `part` count itself in `entered`,
  /// then wait until `gate` is signalled once; from then on flushes run straight through.
  func holdFlushes(
    onPathContaining part: String, until gate: DispatchSemaphore, entered: Guarded<Int>
  ) {
    state.withLock { $0.heldFlushes = (part, gate, entered) }
  }

  /// Makes every `every`-th `fsync` from now on fail with `EIO`, as a failing disk does. With
  /// `losingPages`, a failed `fsync` also drops what was written to that file since its last
  /// sync, as Linux may (PostgreSQL's "fsyncgate"): the old bytes read back, and a later
  /// `fsync` that succeeds does not bring them back. `nil` stops it.
  func failEverySync(_ every: Int?, losingPages: Bool = false) {
    state.withLock { $0.failingSyncs = every.map { ($0, losingPages, 0) } }
  }

  /// Makes the next `fsync` of a file whose path ends in `.journal` fail with `EIO` and drop
  /// the pages it could not write (see ``failEverySync(_:losingPages:)``).
  func failNextJournalSyncLosingPages() {
    state.withLock { $0.failsNextJournalSync = true }
  }

  func synchronize(_ descriptor: Int32, path: String) throws(SystemCallError) {
    let failing = state.withLock { state -> (fails: Bool, losingPages: Bool) in
      if state.failsNextJournalSync && path.hasSuffix(".journal") {
        state.failsNextJournalSync = false
        return (true, true)
      }
      guard var syncs = state.failingSyncs else { return (false, false) }
      syncs.count += 1
      state.failingSyncs = syncs
      return (syncs.count % syncs.every == 0, syncs.losingPages)
    }
    if failing.fails {
      state.withLock { $0.calls.append("fsync") }
      if failing.losingPages { dropUnsyncedWrites(of: path) }
      throw SystemCallError(call: "fsync", path: path, code: EIO)
    }
    try check("fsync", path)
    if let held = state.withLock({ $0.heldFlushes }), path.contains(held.part) {
      held.entered.withLock { $0 += 1 }
      held.gate.wait()
      held.gate.signal()  // Open for good: the next flush passes too.
    }
    try real.synchronize(descriptor, path: path)
    state.withLock { _ = $0.unsyncedFiles.removeValue(forKey: path) }
  }

  /// Simulates a power cut: every file written since its last `fsync` through this double
  /// loses what was written since (the bytes it overwrote come back, and it is cut back to
  /// its size at that `fsync`, or emptied). A snapshot is synced before it is renamed into
  /// place, so this is what a power cut does to a store.
  func dropUnsyncedWrites() {
    dropUnsyncedWrites(ofFilesWhere: { _ in true })
  }

  /// ``dropUnsyncedWrites()`` for the file at `path` only.
  func dropUnsyncedWrites(of path: String) {
    dropUnsyncedWrites(ofFilesWhere: { $0 == path })
  }

  private func dropUnsyncedWrites(ofFilesWhere matches: (String) -> Bool) {
    let files = state.withLock { state in
      let dropped = state.unsyncedFiles.filter { matches($0.key) }
      for path in dropped.keys { state.unsyncedFiles.removeValue(forKey: path) }
      return dropped
    }
    for (path, writes) in files {
      if let handle = FileHandle(forUpdatingAtPath: path) {
        for (offset, bytes) in writes.replaced.reversed() {
          try? handle.seek(toOffset: UInt64(offset))
          try? handle.write(contentsOf: Data(bytes))
        }
        try? handle.close()
      }
      cutBack(path, to: writes.syncedSize)
    }
  }

  /// Simulates a power cut that tears the writes since the last `fsync` (LazyFS's
  /// `torn-seq`): the file keeps its new size and the later part of what was written, and
  /// the earlier part reads as zeros, as when a later page reached the disk and an earlier
  /// one did not. `keeping` is how many of the last bytes survive.
  func tearUnsyncedWrites(keeping: Int) {
    let files = state.withLock { state in
      defer { state.unsyncedFiles = [:] }
      return state.unsyncedFiles
    }
    for (path, writes) in files {
      guard let written = writes.written, let handle = FileHandle(forUpdatingAtPath: path)
      else { continue }
      let lost = max(0, written.count - keeping)
      try? handle.seek(toOffset: UInt64(written.lowerBound))
      try? handle.write(contentsOf: Data(count: Int(lost)))
      try? handle.close()
    }
  }

  func setPermissions(
    _ descriptor: Int32, path: String, _ permissions: mode_t
  )
    throws(SystemCallError)
  {
    try check("fchmod", path)
    try real.setPermissions(descriptor, path: path, permissions)
  }

  func status(ofDescriptor descriptor: Int32, path: String) throws(SystemCallError) -> FileStatus {
    try check("fstat", path)
    return try real.status(ofDescriptor: descriptor, path: path)
  }

  func status(ofPath path: String) throws(SystemCallError) -> FileStatus {
    try check("lstat", path)
    return try real.status(ofPath: path)
  }

  func rename(_ source: String, to destination: String) throws(SystemCallError) {
    try check("rename", destination)
    let size = try real.status(ofPath: source).size
    try real.rename(source, to: destination)
    state.withLock { $0.renamedSizes.append(size) }
  }

  func setPermissions(ofPath path: String, _ permissions: mode_t) throws(SystemCallError) {
    try check("chmod", path)
    try real.setPermissions(ofPath: path, permissions)
  }

  func link(_ source: String, to destination: String) throws(SystemCallError) {
    try check("link", destination)
    try real.link(source, to: destination)
  }

  func unlink(_ path: String) throws(SystemCallError) {
    try check("unlink", path)
    try real.unlink(path)
  }

  func makeDirectory(_ path: String, permissions: mode_t) throws(SystemCallError) {
    try check("mkdir", path)
    try real.makeDirectory(path, permissions: permissions)
  }

  func contentsOfDirectory(_ path: String) throws(SystemCallError) -> [String] {
    try check("readdir", path)
    return try real.contentsOfDirectory(path)
  }

  func tryLock(_ descriptor: Int32, path: String, exclusive: Bool) throws(SystemCallError) -> Bool {
    try check("flock", path)
    return try real.tryLock(descriptor, path: path, exclusive: exclusive)
  }

  func unlock(_ descriptor: Int32, path: String) throws(SystemCallError) {
    try check("funlock", path)
    try real.unlock(descriptor, path: path)
  }

  func read(
    _ descriptor: Int32, path: String, at offset: Int64, into buffer: UnsafeMutableRawBufferPointer
  ) throws(SystemCallError) -> Int {
    try check("pread", path)
    return try real.read(descriptor, path: path, at: offset, into: buffer)
  }

  /// A failure here is what a system without `/proc` gives: no name for the descriptor.
  func currentPath(of descriptor: Int32) -> String? {
    guard (try? check("readlink", "/proc/self/fd/\(descriptor)")) != nil else { return nil }
    return real.currentPath(of: descriptor)
  }

  func truncate(_ descriptor: Int32, path: String, to length: Int64) throws(SystemCallError) {
    try check("ftruncate", path)
    try real.truncate(descriptor, path: path, to: length)
  }

  // The waiting holders' range locks are counted apart from ``calls``: they cannot fail a
  // change, so the fault-injection tests, which fail each of ``calls`` in turn, leave them out.

  func announceWaiting(_ descriptor: Int32, path: String) -> Bool {
    real.announceWaiting(descriptor, path: path)
  }

  func withdrawWaiting(_ descriptor: Int32, path: String) {
    real.withdrawWaiting(descriptor, path: path)
  }

  func othersWait(_ descriptor: Int32, path: String) -> Bool {
    state.withLock { $0.waitingHolderQueries += 1 }
    return real.othersWait(descriptor, path: path)
  }
}

/// `truncate(2)` on a path, ignoring a file that is gone.
private func cutBack(_ path: String, to size: Int64) {
  #if canImport(Glibc)
    _ = Glibc.truncate(path, off_t(size))
  #elseif canImport(Darwin)
    _ = Darwin.truncate(path, off_t(size))
  #endif
}

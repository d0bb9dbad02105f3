// A file system that performs real calls and logs every change they make, for crash-state checks.

import Foundation

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One change a store made to its files, in the order made.
///
/// Files are named by a number of their own (``RecordingFileSystem`` gives each file it sees
/// created a new one), not by path: a rename moves a name, not the bytes, and an inode number
/// freed by an unlink may come back for the next file.
enum FileOperation: Sendable, Equatable {
  case create(path: String, file: Int)
  case write(file: Int, offset: Int64, bytes: [UInt8])
  case truncate(file: Int, length: Int64)
  /// `fsync` of a file: what was written to it before is durable.
  case sync(file: Int)
  case rename(from: String, to: String)
  case link(from: String, to: String)
  case unlink(path: String)
  /// `fsync` of a folder: the names created, renamed and removed in it before are durable.
  case syncDirectory(path: String)

  /// The folder whose entries this operation changes, if it changes any.
  var directory: String? {
    switch self {
    case .create(let path, _), .unlink(let path), .rename(_, let path), .link(_, let path):
      (path as NSString).deletingLastPathComponent
    case .write, .truncate, .sync, .syncDirectory: nil
    }
  }

  /// The file whose bytes this operation changes, if any.
  var dataFile: Int? {
    switch self {
    case .write(let file, _, _), .truncate(let file, _): file
    default: nil
    }
  }
}

/// Forwards every call to the real file system and logs what changed the files
/// (``FileOperation``); can make chosen `fsync` calls fail with `EIO` before they run, or
/// only pretend to run.
final class RecordingFileSystem: FileSystem {
  private struct State {
    var log: [FileOperation] = []
    /// The number each inode now stands for.
    var files: [UInt64: Int] = [:]
    var nextFile = 0
    /// Which `fsync` calls fail, by path, and how many more may.
    var failingSyncs: (matches: @Sendable (String) -> Bool, remaining: Int)?
    /// Which `fsync` calls return success without syncing, by path.
    var pretendedSyncs: (@Sendable (String) -> Bool)?
  }
  private let state = LockedState(State())
  private let real = SystemFileSystem()

  /// Everything logged so far.
  var log: [FileOperation] { state.withLock { $0.log } }

  /// How many operations are logged: the crash point just after the last of them.
  var count: Int { state.withLock { $0.log.count } }

  /// How many of the `fsync` failures asked for with ``failSyncs(times:where:)`` are still to
  /// come.
  var syncFailuresLeft: Int { state.withLock { $0.failingSyncs?.remaining ?? 0 } }

  /// Makes the next `times` `fsync` calls on a path for which `matches` holds fail with
  /// `EIO` without syncing (and without being logged as syncs).
  func failSyncs(times: Int = 1, where matches: @escaping @Sendable (String) -> Bool) {
    state.withLock { $0.failingSyncs = (matches, times) }
  }

  /// Makes every `fsync` on a path for which `matches` holds return success without syncing
  /// (and without being logged): a store that trusts it acknowledges what no sync covered,
  /// which the crash-state check must catch.
  func pretendSyncs(where matches: @escaping @Sendable (String) -> Bool) {
    state.withLock { $0.pretendedSyncs = matches }
  }

  private func append(_ operation: FileOperation) {
    state.withLock { $0.log.append(operation) }
  }

  /// The number of the file open at `descriptor`, giving it one if it has none yet.
  private func file(_ descriptor: Int32, path: String) throws(SystemCallError) -> Int {
    let inode = try real.status(ofDescriptor: descriptor, path: path).inode
    return state.withLock { state in
      if let known = state.files[inode] { return known }
      state.nextFile += 1
      state.files[inode] = state.nextFile
      return state.nextFile
    }
  }

  func open(_ path: String, flags: Int32, mode: mode_t) throws(SystemCallError) -> Int32 {
    let existed = (try? real.status(ofPath: path)) != nil
    let descriptor = try real.open(path, flags: flags, mode: mode)
    if flags & O_CREAT != 0, !existed {
      let inode = try real.status(ofDescriptor: descriptor, path: path).inode
      state.withLock { state in
        state.nextFile += 1
        state.files[inode] = state.nextFile
        state.log.append(.create(path: path, file: state.nextFile))
      }
    }
    return descriptor
  }

  func write(
    _ descriptor: Int32, path: String, from buffer: UnsafeRawBufferPointer
  ) throws(SystemCallError) -> Int {
    // Every plain write of the store goes to the end of the file.
    let end = try real.status(ofDescriptor: descriptor, path: path).size
    let count = try real.write(descriptor, path: path, from: buffer)
    append(
      .write(
        file: try file(descriptor, path: path), offset: end, bytes: Array(buffer.prefix(count))))
    return count
  }

  func write(
    _ descriptor: Int32, path: String, at offset: Int64, from buffer: UnsafeRawBufferPointer
  ) throws(SystemCallError) -> Int {
    let count = try real.write(descriptor, path: path, at: offset, from: buffer)
    append(
      .write(
        file: try file(descriptor, path: path), offset: offset, bytes: Array(buffer.prefix(count))))
    return count
  }

  func synchronize(_ descriptor: Int32, path: String) throws(SystemCallError) {
    let fails = state.withLock { state -> Bool in
      guard let failing = state.failingSyncs, failing.remaining > 0, failing.matches(path)
      else { return false }
      state.failingSyncs?.remaining -= 1
      return true
    }
    if fails { throw SystemCallError(call: "fsync", path: path, code: EIO) }
    if state.withLock({ $0.pretendedSyncs?(path) ?? false }) { return }
    let kind = try real.status(ofDescriptor: descriptor, path: path).kind
    try real.synchronize(descriptor, path: path)
    append(
      kind == .directory
        ? .syncDirectory(path: path) : .sync(file: try file(descriptor, path: path))
    )
  }

  func truncate(_ descriptor: Int32, path: String, to length: Int64) throws(SystemCallError) {
    try real.truncate(descriptor, path: path, to: length)
    append(.truncate(file: try file(descriptor, path: path), length: length))
  }

  func rename(_ source: String, to destination: String) throws(SystemCallError) {
    try real.rename(source, to: destination)
    append(.rename(from: source, to: destination))
  }

  func link(_ source: String, to destination: String) throws(SystemCallError) {
    try real.link(source, to: destination)
    append(.link(from: source, to: destination))
  }

  func unlink(_ path: String) throws(SystemCallError) {
    try real.unlink(path)
    append(.unlink(path: path))
  }

  // What follows changes no file's bytes or names: forwarded as it is.

  func close(_ descriptor: Int32, path: String) throws(SystemCallError) {
    try real.close(descriptor, path: path)
  }

  func read(
    _ descriptor: Int32, path: String, into buffer: UnsafeMutableRawBufferPointer
  ) throws(SystemCallError) -> Int {
    try real.read(descriptor, path: path, into: buffer)
  }

  func read(
    _ descriptor: Int32, path: String, at offset: Int64, into buffer: UnsafeMutableRawBufferPointer
  ) throws(SystemCallError) -> Int {
    try real.read(descriptor, path: path, at: offset, into: buffer)
  }

  func duplicate(_ descriptor: Int32, path: String) throws(SystemCallError) -> Int32 {
    try real.duplicate(descriptor, path: path)
  }

  func setPermissions(
    _ descriptor: Int32, path: String, _ permissions: mode_t
  ) throws(SystemCallError) {
    try real.setPermissions(descriptor, path: path, permissions)
  }

  func setPermissions(ofPath path: String, _ permissions: mode_t) throws(SystemCallError) {
    try real.setPermissions(ofPath: path, permissions)
  }

  func status(ofDescriptor descriptor: Int32, path: String) throws(SystemCallError) -> FileStatus {
    try real.status(ofDescriptor: descriptor, path: path)
  }

  func status(ofPath path: String) throws(SystemCallError) -> FileStatus {
    try real.status(ofPath: path)
  }

  func makeDirectory(_ path: String, permissions: mode_t) throws(SystemCallError) {
    try real.makeDirectory(path, permissions: permissions)
  }

  func contentsOfDirectory(_ path: String) throws(SystemCallError) -> [String] {
    try real.contentsOfDirectory(path)
  }

  func tryLock(_ descriptor: Int32, path: String, exclusive: Bool) throws(SystemCallError) -> Bool {
    try real.tryLock(descriptor, path: path, exclusive: exclusive)
  }

  func unlock(_ descriptor: Int32, path: String) throws(SystemCallError) {
    try real.unlock(descriptor, path: path)
  }

  func currentPath(of descriptor: Int32) -> String? {
    real.currentPath(of: descriptor)
  }

  func announceWaiting(_ descriptor: Int32, path: String) -> Bool {
    real.announceWaiting(descriptor, path: path)
  }

  func withdrawWaiting(_ descriptor: Int32, path: String) {
    real.withdrawWaiting(descriptor, path: path)
  }

  func othersWait(_ descriptor: Int32, path: String) -> Bool {
    real.othersWait(descriptor, path: path)
  }
}

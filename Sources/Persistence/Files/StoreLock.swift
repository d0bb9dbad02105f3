// The lock that serialises writers of one store, across actors and processes: a flock on <store>.lock.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The store's lock: a `flock` on `<store>.lock`, a file beside the store that is never
/// renamed, taken exclusively to change the store and shared to read it whole.
///
/// Locking the store file itself would not work: every snapshot write renames a new file over
/// it, so a second writer could lock the old inode while the first replaces it. Each open of
/// the lock file is a holder of its own, so two repositories on one store in one process
/// exclude each other just as two processes do. A lock file deleted or replaced since it was
/// opened excludes nobody who opens the path now, so every acquisition checks that the file
/// locked is still the one at the path, and starts again when it is not.
///
/// Not thread-safe: one ``LocalRepository`` owns it and uses it on its actor.
final class StoreLock {
  /// The lock file's path: `<store>.lock`.
  let path: String
  let location: StoreLocation
  let fileSystem: any FileSystem
  /// How long to wait for another holder before giving up.
  let timeout: Duration
  /// The lock file, opened (and created if needed) for writers, kept open between changes.
  private var file: (descriptor: Int32, device: UInt64, inode: UInt64)?
  /// Whether this instance holds the lock exclusively now.
  private(set) var isHeld = false

  init(location: StoreLocation, fileSystem: any FileSystem, timeout: Duration) {
    self.location = location
    self.fileSystem = fileSystem
    self.timeout = timeout
    path = location.path + ".lock"
  }

  deinit {
    if let file { try? fileSystem.close(file.descriptor, path: path) }
  }

  /// Takes the lock exclusively, creating the folder (0700) and the lock file (0600) if
  /// needed, and keeps it until ``unlock()``. Already held, it only checks that its file is
  /// still the one at the path.
  ///
  /// - Returns: Whether it was held all along since the last call, so that nobody else can
  ///   have written meanwhile; `false` when it had to be taken (again).
  /// - Throws: ``PersistenceError/lockTimeout(_:seconds:)`` when another writer holds it for
  ///   longer than the timeout, ``PersistenceError/lockFailed(_:reason:)`` when the lock file
  ///   cannot be opened or locked, ``PersistenceError/directoryUnavailable(_:reason:)``.
  @discardableResult
  func lock(creatingTheFolder: Bool = true) throws(PersistenceError) -> Bool {
    if isHeld, let file {
      if (try? isAtPath(file)) == true { return true }
      unlock()
    }
    let deadline = ContinuousClock.now + timeout
    while true {
      // Once the lock file is open, the folder is there: were it removed or renamed, the
      // file would be gone from the path, and `.moved` would bring this loop back here.
      if file == nil && creatingTheFolder {
        try DirectoryCreator(fileSystem: fileSystem).create(location.directoryURL)
      }
      let file = try openForWriters()
      let acquired: Acquisition
      do {
        acquired = try acquire(file, exclusive: true, until: deadline)
      } catch {
        close()  // Whatever state the lock is in, closing the descriptor releases it.
        throw error
      }
      switch acquired {
      case .held:
        isHeld = true
        return false
      case .timedOut: throw timedOut()
      case .moved, .cancelled: close()
      }
    }
  }

  /// Lets go of the lock; the lock file stays open for the next change.
  func unlock() {
    guard isHeld, let file else { return }
    isHeld = false
    // A lock that cannot be released is released for certain by closing its descriptor.
    if (try? fileSystem.unlock(file.descriptor, path: path)) == nil { close() }
  }

  /// Runs `body` holding the lock exclusively: taken for it and released after, or, when
  /// held already, simply used and kept.
  func withExclusiveLock<Result>(
    creatingTheFolder: Bool = true, _ body: () throws(PersistenceError) -> Result
  ) throws(PersistenceError) -> Result {
    guard !isHeld else { return try body() }
    try lock(creatingTheFolder: creatingTheFolder)
    defer { unlock() }
    return try body()
  }

  /// Like ``withExclusiveLock(creatingTheFolder:_:)``, but never creates the folder: when it
  /// is gone, returns `nil` without running `body`. A follower catches up this way, so that
  /// it never brings back a folder somebody removed.
  func withExclusiveLockIfTheFolderExists<Result>(
    _ body: () throws(PersistenceError) -> Result
  ) throws(PersistenceError) -> Result? {
    guard isHeld || !folderIsGone else { return nil }
    return try withExclusiveLock(creatingTheFolder: false, body)
  }

  /// Runs `body` while no writer can change the store, for a consistent read of snapshot and
  /// journal together. Where the lock file cannot be opened (a read-only folder, no folder
  /// yet) nobody can be writing, and `body` runs without it. `isCancelled` is asked while
  /// waiting for another holder.
  ///
  /// - Returns: What `body` returned, or `nil` when `isCancelled` said so before it ran.
  /// - Throws: What ``lock(creatingTheFolder:)`` throws, but never creating anything; or what
  ///   `body` throws.
  func withSharedLock<Result>(
    isCancelled: () -> Bool = { false }, _ body: () throws(PersistenceError) -> Result
  ) throws(PersistenceError) -> Result? {
    let deadline = ContinuousClock.now + timeout
    while true {
      let file: (descriptor: Int32, device: UInt64, inode: UInt64)
      do {
        file = try open(creating: false)
      } catch  where error.foundKind != nil {
        throw .storeFile(error) { _ in .lockFailed(URL(fileURLWithPath: path), reason: "") }
      } catch {
        return try body()
      }
      defer { try? fileSystem.close(file.descriptor, path: path) }
      switch try acquire(file, exclusive: false, until: deadline, isCancelled: isCancelled) {
      case .held:
        defer { try? fileSystem.unlock(file.descriptor, path: path) }
        return try body()
      case .timedOut: throw timedOut()
      case .cancelled: return nil
      case .moved: continue
      }
    }
  }

  /// Runs `body` holding the lock exclusively if the lock file exists and nobody holds the
  /// lock right now; does nothing otherwise, and never creates the lock file.
  func ifUncontended(_ body: () -> Void) {
    guard !isHeld, let file = try? open(creating: false) else { return }
    defer { try? fileSystem.close(file.descriptor, path: path) }
    guard case .held = try? acquire(file, exclusive: true, until: .now) else { return }
    defer { try? fileSystem.unlock(file.descriptor, path: path) }
    body()
  }

  // MARK: - The flock

  /// What ``acquire(_:exclusive:until:isCancelled:)`` got.
  private enum Acquisition {
    case held, timedOut, cancelled
    /// Locked, but the file is no longer the one at the path; released again.
    case moved
  }

  /// Takes the lock on `file`, waiting for it until `deadline` (a blocking sleep is right:
  /// this runs on the repository's own queue), then checks that `file` is still the one at
  /// the path.
  private func acquire(
    _ file: (descriptor: Int32, device: UInt64, inode: UInt64), exclusive: Bool,
    until deadline: ContinuousClock.Instant, isCancelled: () -> Bool = { false }
  ) throws(PersistenceError) -> Acquisition {
    var pause = 50e-6
    do {
      while try !fileSystem.tryLock(file.descriptor, path: path, exclusive: exclusive) {
        guard !isCancelled() else { return .cancelled }
        guard ContinuousClock.now < deadline else { return .timedOut }
        Thread.sleep(forTimeInterval: pause)
        pause = min(pause * 2, 0.02)
      }
      guard try isAtPath(file) else {
        try? fileSystem.unlock(file.descriptor, path: path)
        return .moved
      }
    } catch {
      try? fileSystem.unlock(file.descriptor, path: path)
      throw .lockFailed(URL(fileURLWithPath: path), reason: error.description)
    }
    return .held
  }

  /// Whether the file at the path is `file` (device and inode, taken when it was opened).
  private func isAtPath(
    _ file: (descriptor: Int32, device: UInt64, inode: UInt64)
  ) throws(SystemCallError) -> Bool {
    do {
      let current = try fileSystem.status(ofPath: path)
      return current.device == file.device && current.inode == file.inode
    } catch  where error.isMissing || error.code == ENOTDIR {
      return false  // Gone, or its folder is no longer a folder.
    }
  }

  /// The lock file for writers, opened (and created, mode 0600) once and kept.
  private func openForWriters() throws(PersistenceError) -> (
    descriptor: Int32, device: UInt64, inode: UInt64
  ) {
    if let file { return file }
    do {
      let opened = try open(creating: true)
      file = opened
      return opened
    } catch {
      throw .storeFile(error) { .lockFailed(URL(fileURLWithPath: path), reason: $0.description) }
    }
  }

  /// Opens the lock file, only if it is a regular file (see ``FileSystem/openStoreFile(_:flags:mode:)``),
  /// read-only unless `creating`, and notes its identity.
  private func open(
    creating: Bool
  ) throws(SystemCallError) -> (descriptor: Int32, device: UInt64, inode: UInt64) {
    let descriptor =
      creating
      ? try fileSystem.createStoreFile(path, permissions: 0o600).descriptor
      : try fileSystem.openStoreFile(path, flags: O_RDONLY, mode: 0)
    do {
      let status = try fileSystem.status(ofDescriptor: descriptor, path: path)
      return (descriptor, status.device, status.inode)
    } catch {
      try? fileSystem.close(descriptor, path: path)
      throw error
    }
  }

  /// Closes the writers' lock file, which releases the lock if held.
  private func close() {
    if let file { try? fileSystem.close(file.descriptor, path: path) }
    file = nil
    isHeld = false
  }

  /// Whether the store's folder, or a folder on its path, is not there.
  private var folderIsGone: Bool {
    do {
      _ = try fileSystem.status(ofPath: location.directory)
      return false
    } catch {
      return error.isMissing || error.code == ENOTDIR
    }
  }

  private func timedOut() -> PersistenceError {
    let parts = timeout.components
    return .lockTimeout(
      location.fileURL, seconds: Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
  }
}

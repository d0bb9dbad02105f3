// The lock that serialises writers of one store, across actors and across processes.

import Foundation

/// The store's lock: `<store>.lock`, taken exclusively to change the store and shared to
/// read snapshot and journal together.
///
/// It belongs to the store as a whole, not to one of its files: the snapshot and the journal
/// change together under it. It opens the ``LockFile`` on first use and keeps it open.
///
/// Not thread-safe: one ``DiskStore`` owns it and uses it on its repository's actor.
final class StoreLock {
  let location: StoreLocation
  let fileSystem: any FileSystem
  /// How long to wait for another holder before giving up.
  let timeout: Duration
  private var file: LockFile?
  /// The lock file while the lock stays held after a change, for the changes queued behind
  /// it (see ``withExclusiveLock(keepingIt:_:)``); `nil` when the lock is not held.
  private var kept: LockFile?

  init(location: StoreLocation, fileSystem: any FileSystem, timeout: Duration) {
    self.location = location
    self.fileSystem = fileSystem
    self.timeout = timeout
  }

  /// The lock file's path: `<store>.lock` beside the store.
  var path: String { location.path + ".lock" }

  /// Runs `body` holding the lock exclusively, creating the folder and the lock file if
  /// needed.
  ///
  /// When the lock file was deleted or replaced since it was opened (or its folder renamed),
  /// the lock taken on the old file excludes nobody: the path is opened again, and locked
  /// again, until the file locked is the one at the path.
  ///
  /// - Throws: ``PersistenceError/lockTimeout(_:seconds:)`` when another writer holds the
  ///   lock for longer than the timeout, ``PersistenceError/lockFailed(_:reason:)`` when the
  ///   lock file cannot be opened or locked, or what `body` throws.
  func withExclusiveLock<Result>(
    _ body: () throws(PersistenceError) -> Result
  )
    throws(PersistenceError) -> Result
  {
    try withExclusiveLock(keepingIt: false) { _ throws(PersistenceError) in try body() }
  }

  /// Like ``withExclusiveLock(_:)``, but never creates the folder: when it is gone (removed,
  /// or renamed away), returns `nil` without running `body`. A follower's catch-up takes the
  /// lock this way, so that it never brings back a folder somebody removed.
  func withExclusiveLockIfTheFolderExists<Result>(
    _ body: () throws(PersistenceError) -> Result
  )
    throws(PersistenceError) -> Result?
  {
    guard !folderIsGone else { return nil }
    return try withExclusiveLock(keepingIt: false, creatingTheFolder: false) {
      _ throws(PersistenceError) in try body()
    }
  }

  /// Like ``withExclusiveLock(_:)``, and keeps the lock held afterwards when `keepingIt()`
  /// says so once `body` has run, until ``releaseKept()``: a burst of changes then pays for
  /// one `flock`, not one each.
  ///
  /// `body` is told whether the lock was held all along since the previous call, so that
  /// nobody else can have written meanwhile. A kept lock is still checked against the path
  /// each time: when its file was deleted or replaced, it is given up and taken anew, and
  /// `body` is told it was not held all along.
  func withExclusiveLock<Result>(
    keepingIt: @autoclosure () -> Bool,
    creatingTheFolder: Bool = true,
    _ body: (_ heldAllAlong: Bool) throws(PersistenceError) -> Result
  )
    throws(PersistenceError) -> Result
  {
    if let kept {
      if (try? kept.isStillAtPath()) == true {
        let result = try body(true)
        if !keepingIt() { releaseKept() }
        return result
      }
      releaseKept()
      file = nil
    }
    let deadline = ContinuousClock.now + timeout
    while true {
      // Once the lock file is open, the folder is there: were it removed or renamed, the lock
      // file would be gone from the path, and `.moved` would bring this loop back here.
      if file == nil && creatingTheFolder {
        try DirectoryCreator(fileSystem: fileSystem).create(location.directoryURL)
      }
      let file = try openForWriters()
      defer { if file.isStuck { self.file = nil } }
      switch try file.acquire(exclusive: true, until: deadline) {
      case .held:
        let result: Result
        do {
          result = try body(false)
        } catch {
          file.release()
          throw error
        }
        if keepingIt() && !file.isStuck {
          kept = file
        } else {
          file.release()
        }
        return result
      case .timedOut: throw timedOut()
      case .moved: self.file = nil
      }
    }
  }

  /// Releases the lock kept held by ``withExclusiveLock(keepingIt:_:)``, if it is.
  func releaseKept() {
    guard let kept else { return }
    self.kept = nil
    kept.release()
    if kept.isStuck { file = nil }
  }

  /// Runs `body` while no writer can change the store, for a consistent read of snapshot and
  /// journal together. Where the lock file cannot be opened (a read-only folder, or no
  /// folder yet) nobody can be writing, and `body` runs without it.
  ///
  /// - Throws: ``PersistenceError/notARegularFile(_:found:)`` when a symbolic link, a FIFO
  ///   or anything but a regular file is at the lock's path,
  ///   ``PersistenceError/lockFailed(_:reason:)`` when the lock file is there but
  ///   cannot be locked, ``PersistenceError/lockTimeout(_:seconds:)``, or what `body` throws.
  func withSharedLock<Result>(
    _ body: () throws(PersistenceError) -> Result
  )
    throws(PersistenceError) -> Result
  {
    let deadline = ContinuousClock.now + timeout
    while true {
      let file: LockFile
      do {
        file = try LockFile(path: path, fileSystem: fileSystem, create: false)
      } catch  where error.foundKind != nil {
        throw .storeFile(error) { _ in .lockFailed(URL(fileURLWithPath: path), reason: "") }
      } catch {
        return try body()
      }
      switch try file.acquire(exclusive: false, until: deadline) {
      case .held: return try file.holding(body)
      case .timedOut: throw timedOut()
      case .moved: continue
      }
    }
  }

  /// Runs `body` holding the lock exclusively if the lock file exists and nobody holds the
  /// lock right now; does nothing otherwise. Never creates the lock file: an open to read
  /// creates no file, and without a lock file no writer has left anything to clean up.
  func ifUncontended(_ body: () -> Void) {
    guard let file = try? LockFile(path: path, fileSystem: fileSystem, create: false),
      case .held = try? file.acquire(exclusive: true, until: .now)
    else { return }
    defer { file.release() }
    body()
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
  /// The lock file, opened (and created if needed) once and kept for later changes.
  private func openForWriters() throws(PersistenceError) -> LockFile {
    if let file { return file }
    do {
      let opened = try LockFile(path: path, fileSystem: fileSystem)
      file = opened
      return opened
    } catch {
      throw .storeFile(error) { .lockFailed(URL(fileURLWithPath: path), reason: $0.description) }
    }
  }
}

// The lock file beside a store and the flock on it, the primitive under StoreLock.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open descriptor of `<store>.lock`, a file beside the store that is never renamed, and
/// the `flock` on it. Used on its owner's queue only; ``StoreLock`` decides when to take it.
///
/// Locking the store file itself would not work: every write renames a new file over it, so
/// a second writer could lock the old inode while the first replaces it. The lock file keeps
/// one inode for its whole life. Each open of it is a separate lock holder, so two
/// repositories on the same store in one process exclude each other just as two processes do.
final class LockFile {
  /// The lock file's path.
  let path: String
  private let descriptor: Int32
  private let fileSystem: any FileSystem
  /// The device and inode of the file the descriptor refers to, fixed for its lifetime.
  private let identity: (device: UInt64, inode: UInt64)
  /// Set when releasing the lock failed: the owner must drop this instance, whose `deinit`
  /// closes the descriptor, which releases the lock for certain.
  private(set) var isStuck = false

  /// Opens the lock file at `path`, creating it with mode 0600 when `create` is true.
  ///
  /// Only a regular file is a lock file: a symbolic link, a FIFO or anything else at the path
  /// is refused at once (see ``FileSystem/openStoreFile(_:flags:mode:)``), so no command ever
  /// waits on a FIFO or creates a file where a link points.
  ///
  /// - Throws: A ``SystemCallError`` with a ``SystemCallError/foundKind`` for something other
  ///   than a regular file, or the failure of `open`.
  init(path: String, fileSystem: any FileSystem, create: Bool = true) throws(SystemCallError) {
    self.path = path
    self.fileSystem = fileSystem
    let flags = create ? O_RDWR | O_CREAT : O_RDONLY
    let descriptor = try fileSystem.openStoreFile(path, flags: flags, mode: 0o600)
    do {
      let status = try fileSystem.status(ofDescriptor: descriptor, path: path)
      identity = (status.device, status.inode)
    } catch {
      try? fileSystem.close(descriptor, path: path)
      throw error
    }
    self.descriptor = descriptor
  }

  deinit {
    try? fileSystem.close(descriptor, path: path)
  }

  /// Takes the lock, exclusive or shared, if that is possible right now.
  func tryLock(exclusive: Bool) throws(SystemCallError) -> Bool {
    try fileSystem.tryLock(descriptor, path: path, exclusive: exclusive)
  }

  /// What ``acquire(exclusive:until:)`` got.
  enum Acquisition {
    /// The lock is held: run the work, then ``release()``.
    case held
    /// Another holder kept it until the deadline.
    case timedOut
    /// The lock was taken, but the file at ``path`` is no longer the one this descriptor
    /// refers to (deleted, replaced, or its folder renamed): a lock on it excludes nobody who
    /// opens the path now. It was released again; open the path anew and retry.
    case moved
  }

  /// Takes the lock, exclusive or shared, waiting for it until `deadline`, then checks that
  /// the locked file is still the one at ``path`` (device and inode of the descriptor, taken at
  /// open, against those of the path), as a lock that someone deleted or replaced under this descriptor no
  /// longer excludes the writers who open the path now.
  ///
  /// - Throws: ``PersistenceError/lockFailed(_:reason:)`` when `flock`, `fstat` or `lstat`
  ///   fails.
  func acquire(
    exclusive: Bool, until deadline: ContinuousClock.Instant
  ) throws(PersistenceError) -> Acquisition {
    var pause = Duration.microseconds(50)
    do {
      while try !tryLock(exclusive: exclusive) {
        guard ContinuousClock.now < deadline else { return .timedOut }
        // A blocking sleep is right here: the repository's file work runs on its own Dispatch queue.
        Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18)
        pause = min(pause * 2, .milliseconds(20))
      }
      guard try isStillAtPath() else {
        release()
        return .moved
      }
    } catch {
      release()
      throw .lockFailed(URL(fileURLWithPath: path), reason: error.description)
    }
    return .held
  }

  /// Whether the file at ``path`` is the one this descriptor refers to.
  func isStillAtPath() throws(SystemCallError) -> Bool {
    do {
      let current = try fileSystem.status(ofPath: path)
      return current.device == identity.device && current.inode == identity.inode
    } catch  where error.isMissing || error.code == ENOTDIR {
      // Gone, or its folder is no longer a folder: either way not the file locked.
      return false
    }
  }

  /// Releases the lock taken by ``acquire(exclusive:until:)``; when that fails, marks this
  /// instance stuck, so that its owner drops it and closing the descriptor releases the lock.
  func release() {
    do {
      try fileSystem.unlock(descriptor, path: path)
    } catch {
      isStuck = true
    }
  }

  /// Runs `body` holding the lock taken by ``acquire(exclusive:until:)``, then releases it.
  func holding<Result>(
    _ body: () throws(PersistenceError) -> Result
  ) throws(PersistenceError) -> Result {
    defer { release() }
    return try body()
  }
}

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
    descriptor = try fileSystem.openStoreFile(path, flags: flags, mode: 0o600)
  }

  deinit {
    try? fileSystem.close(descriptor, path: path)
  }

  /// Takes the lock, exclusive or shared, if that is possible right now.
  func tryLock(exclusive: Bool) throws(SystemCallError) -> Bool {
    try fileSystem.tryLock(descriptor, path: path, exclusive: exclusive)
  }

  /// Runs `body` holding the lock, exclusive or shared, waiting for it at most `timeout`.
  ///
  /// - Returns: `nil` if the lock could not be taken in time, else what `body` returned.
  /// - Throws: ``PersistenceError/lockFailed(_:reason:)`` when `flock` fails, or what `body`
  ///   throws.
  func withLock<Result>(
    exclusive: Bool, timeout: Duration, _ body: () throws(PersistenceError) -> Result
  ) throws(PersistenceError) -> Result? {
    let deadline = ContinuousClock.now + timeout
    var pause = Duration.microseconds(50)
    do {
      while try !tryLock(exclusive: exclusive) {
        guard ContinuousClock.now < deadline else { return nil }
        // A blocking sleep is right here: the repository's file work runs on its own Dispatch queue.
        Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18)
        pause = min(pause * 2, .milliseconds(20))
      }
    } catch {
      throw .lockFailed(URL(fileURLWithPath: path), reason: error.description)
    }
    defer {
      do {
        try fileSystem.unlock(descriptor, path: path)
      } catch {
        isStuck = true
      }
    }
    return try body()
  }
}

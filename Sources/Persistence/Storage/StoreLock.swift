// The lock that serialises writers of one store, across actors and across processes.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock` on `<store>.lock`, a file beside the store that is never renamed.
///
/// Locking the store file itself would not work: every write renames a new file over it, so
/// a second writer could lock the old inode while the first replaces it. The lock file keeps
/// one inode for its whole life. Each open of it is a separate lock holder, so two
/// repositories on the same store in one process exclude each other just as two processes do.
final class StoreLock: Sendable {
  /// The lock file's path.
  let path: String
  private let descriptor: Int32
  private let fileSystem: any FileSystem

  /// Opens (creating with mode 0600 if needed) the lock file at `path`.
  init(path: String, fileSystem: any FileSystem) throws(SystemCallError) {
    self.path = path
    self.fileSystem = fileSystem
    descriptor = try fileSystem.open(path, flags: O_RDWR | O_CREAT | O_CLOEXEC, mode: 0o600)
  }

  deinit {
    try? fileSystem.close(descriptor, path: path)
  }

  /// Takes the lock if it is free right now; `false` if another holder has it.
  func tryLock() throws(SystemCallError) -> Bool {
    try fileSystem.tryLock(descriptor, path: path, exclusive: true)
  }

  /// Runs `body` holding the lock, waiting for it at most `timeout`.
  ///
  /// - Returns: `nil` if the lock could not be taken in time, else what `body` returned.
  func withLock<Result>(
    timeout: Duration, _ body: () throws(PersistenceError) -> Result
  ) throws(PersistenceError) -> Result? {
    let deadline = ContinuousClock.now + timeout
    var pause = Duration.microseconds(50)
    do {
      while try !tryLock() {
        guard ContinuousClock.now < deadline else { return nil }
        // A blocking sleep is right here: the repository runs on its own Dispatch queue.
        Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18)
        pause = min(pause * 2, .milliseconds(20))
      }
    } catch {
      throw .writeFailed(URL(fileURLWithPath: path), reason: error.description)
    }
    defer { try? fileSystem.unlock(descriptor, path: path) }
    return try body()
  }
}

// A lock that every process takes, on one file beside the store, before it changes the store.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock` on a file that is never renamed or replaced, so that every process
/// that opens it locks the same file. Locking the store's own file would not do: every save
/// renames a new file over it, and the next process would lock the new one.
public final class FileLock: Sendable {
  private let descriptor: Int32

  /// Opens the lock file at `url`, creating it if needed; does not take the lock yet.
  public init(at url: URL) throws {
    descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw Self.lastError() }
  }

  deinit {
    _ = close(descriptor)  // Closing also lets the lock go.
  }

  /// Takes the lock, waiting while another holds it. If it must wait, it calls
  /// `whileWaiting` first, so that a program can say why it stopped.
  public func lock(whileWaiting: () -> Void = {}) throws {
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
    guard errno == EWOULDBLOCK else { throw Self.lastError() }
    whileWaiting()
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { throw Self.lastError() }
    }
  }

  /// Lets the lock go.
  public func unlock() {
    _ = flock(descriptor, LOCK_UN)
  }

  /// Runs `body` while holding the lock.
  public func withLock<T>(whileWaiting: () -> Void = {}, _ body: () throws -> T) throws -> T {
    try lock(whileWaiting: whileWaiting)
    defer { unlock() }
    return try body()
  }

  private static func lastError() -> POSIXError {
    POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }
}

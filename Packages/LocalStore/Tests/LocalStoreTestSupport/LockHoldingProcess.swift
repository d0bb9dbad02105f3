// A child process that holds an exclusive flock on a file until it is told to let go.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Another process holding a store's lock, as a second copy of the app in the middle of a
/// write would.
///
/// This process opens the file and takes `flock(LOCK_EX)` on it, then starts `/bin/sleep`
/// with that open file as its standard input and closes its own descriptor. A `flock` belongs
/// to the open file, which only the child refers to from then on: the lock is the child's,
/// and nothing of this process holds it. ``release()`` ends the child, which lets the lock
/// go. Nothing but `/bin/sleep` is needed, on Linux and macOS alike.
public final class LockHoldingProcess {
  private let process = Process()

  /// Starts a child process that holds an exclusive lock on the file at `url` (created if
  /// missing); returns once the lock is the child's.
  public init(locking url: URL) throws {
    let descriptor = open(url.path, O_RDWR | O_CREAT, 0o600)
    guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      throw POSIXError(.init(rawValue: errno) ?? .EWOULDBLOCK)
    }
    process.executableURL = URL(fileURLWithPath: "/bin/sleep")
    process.arguments = ["3600"]
    process.standardInput = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// The child's process id.
  public var processIdentifier: Int32 { process.processIdentifier }

  /// Ends the child, which releases the lock, and waits until it has exited.
  ///
  /// With `SIGKILL`: a child started from a thread that blocks `SIGTERM` (a Swift test
  /// runner's may) inherits that mask, and `Process.terminate()` would leave it running.
  public func release() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  deinit {
    release()
  }
}

// The watcher's fallback: a cheap check of the files' size and identity every 100 ms.

import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where no file-change notification is available, compares each file's device, inode, size
/// and modification time with what it saw 100 ms before. Runs only while someone subscribes.
enum PollingWatch {
  /// The interval between checks.
  static let interval = DispatchTimeInterval.milliseconds(100)

  /// A timer source that calls `handler` when one of `paths` looks different.
  static func source(
    paths: [String], queue: DispatchQueue, handler: @escaping @Sendable () -> Void
  ) -> any DispatchSourceProtocol {
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let seen = LockedState(paths.map(signature))
    timer.setEventHandler {
      let now = paths.map(signature)
      let changed = seen.withLock { seen in
        defer { seen = now }
        return seen != now
      }
      if changed { handler() }
    }
    timer.schedule(deadline: .now() + interval, repeating: interval)
    timer.resume()
    return timer
  }

  /// Device, inode, size and modification time of `path`; empty if it does not exist.
  static func signature(_ path: String) -> [Int64] {
    var status = stat()
    guard stat(path, &status) == 0 else { return [] }
    #if canImport(Darwin)
      let modified =
        Int64(status.st_mtimespec.tv_sec) * 1_000_000_000
        + Int64(status.st_mtimespec.tv_nsec)
    #else
      let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    #endif
    return [
      signatureNumber(status.st_dev), signatureNumber(status.st_ino), Int64(status.st_size),
      modified,
    ]
  }

  /// A number of a file's status as `Int64`, keeping its bit pattern: `dev_t` is a signed
  /// `Int32` on Darwin and `dev_t` and `ino_t` are `UInt64` on Linux, where `Int64(_:)`
  /// would trap on a value above `Int64.max`.
  static func signatureNumber(_ value: some BinaryInteger) -> Int64 {
    Int64(truncatingIfNeeded: value)
  }
}

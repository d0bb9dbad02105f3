// The watcher's fallback: a cheap check of the files' size and identity every 100 ms.

// A Dispatch source is a thread-safe object, but the Linux overlay of libdispatch declares
// nothing about Sendable, so the compiler cannot tell that one created here may be handed to
// the lock that keeps it (`LockedState`, which takes its value as `sending`).
@preconcurrency import Dispatch
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
///
/// A record written into the journal's reserved space changes no size, only the modification
/// time, which the kernel keeps at the precision of its clock tick (up to 10 ms on Linux). A
/// write in the same tick as the check before it would leave the same signature, so a check
/// that sees a file modified within ``recent`` of itself reports a change at the next check
/// whatever that one sees: one catch-up too many at worst, never a change missed.
enum PollingWatch {
  /// The interval between checks.
  static let interval = DispatchTimeInterval.milliseconds(100)

  /// How close to a check a modification time must be for a later write to share it.
  static let recent: Int64 = 50_000_000

  /// What one check saw: each file's ``signature(_:)``, and whether one was modified so
  /// recently that a write after the check could leave its signature as it is.
  struct Observation: Equatable {
    var signatures: [[Int64]]
    var isRecent: Bool

    /// Looks at `paths` now.
    init(_ paths: [String], now: Int64 = wallClock()) {
      signatures = paths.map(signature)
      isRecent = signatures.contains { $0.count == 4 && now - $0[3] < recent }
    }

    /// Whether the files may have changed between `earlier` and this observation.
    func mayDiffer(from earlier: Observation) -> Bool {
      earlier.isRecent || signatures != earlier.signatures
    }
  }

  /// A timer source that calls `handler` when one of `paths` looks different.
  static func source(
    paths: [String], queue: DispatchQueue, handler: @escaping @Sendable () -> Void
  ) -> any DispatchSourceProtocol {
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let seen = LockedState(Observation(paths))
    timer.setEventHandler {
      let now = Observation(paths)
      let changed = seen.withLock { seen in
        defer { seen = now }
        return now.mayDiffer(from: seen)
      }
      if changed { handler() }
    }
    timer.schedule(deadline: .now() + interval, repeating: interval)
    timer.resume()
    return timer
  }

  /// The time of day in nanoseconds since 1970, the clock of modification times.
  static func wallClock() -> Int64 {
    Int64(Date().timeIntervalSince1970 * 1_000_000_000)
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

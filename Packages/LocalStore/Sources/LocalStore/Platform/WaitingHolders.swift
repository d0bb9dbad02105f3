// How a holder waiting for a store's lock tells the one that has it: a range lock on the lock file.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The announcements of holders waiting for a ``StoreLock``: each takes a shared
/// open-file-description range lock (`F_OFD_SETLK`) on one byte of the lock file while it
/// polls for the `flock`, and drops it once it has the lock or gives up. The holder asks with
/// one `F_OFD_GETLK` whether anybody else has that byte locked, without waiting and without
/// taking anything.
///
/// Range locks and `flock` are separate on Linux, so the announcement never stands in the
/// way of the lock itself; the kernel drops it when the waiter's descriptor is closed, so a
/// waiter that was killed says nothing. Only Linux has range locks owned by an open file
/// rather than a process: elsewhere nobody announces, ``othersWait(on:)`` is always `false`,
/// and a busy holder falls back to a timed gap (see ``LocalRepository``'s turns).
enum WaitingHolders {
  /// Whether waiting holders can be seen on this system.
  static var canBeSeen: Bool {
    #if os(Linux)
      true
    #else
      false
    #endif
  }

  /// The byte of the lock file that waiting holders lock: past any mark the file holds.
  private static let byte: Int64 = 1 << 20

  #if os(Linux)
    // <fcntl.h> defines these only for _GNU_SOURCE.
    private static let getLock: Int32 = 36  // F_OFD_GETLK
    private static let setLock: Int32 = 37  // F_OFD_SETLK

    /// A request for `type` on ``byte``.
    private static func request(_ type: Int32) -> flock {
      var request = flock()
      request.l_type = Int16(type)
      request.l_whence = Int16(SEEK_SET)
      request.l_start = off_t(byte)
      request.l_len = 1
      return request
    }
  #endif

  /// Says that the holder of `descriptor` waits; whether it could.
  static func announce(on descriptor: Int32) -> Bool {
    #if os(Linux)
      var request = request(F_RDLCK)
      return fcntl(descriptor, setLock, &request) == 0
    #else
      return false
    #endif
  }

  /// Withdraws what ``announce(on:)`` said.
  static func withdraw(on descriptor: Int32) {
    #if os(Linux)
      var request = request(F_UNLCK)
      _ = fcntl(descriptor, setLock, &request)
    #endif
  }

  /// Whether a holder other than `descriptor`'s open file says it waits.
  static func othersWait(on descriptor: Int32) -> Bool {
    #if os(Linux)
      var request = request(F_WRLCK)
      guard fcntl(descriptor, getLock, &request) == 0 else { return false }
      return request.l_type != Int16(F_UNLCK)
    #else
      return false
    #endif
  }
}

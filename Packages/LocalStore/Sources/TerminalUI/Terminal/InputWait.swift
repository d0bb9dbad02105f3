// Waits until a reader's input or its wake-up pipe can be read: poll(2), or select(2) on macOS.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How ``KeyReader``'s thread waits for its input and for its wake-up pipe.
///
/// `poll` is the usual call, but macOS's `poll` does not support devices: on a terminal it
/// reports `POLLNVAL` or returns at once, so the Escape key's timeout and ``KeyReader/stop()``
/// would wait for the next key. `select` works on terminals on every platform, so it is the
/// default on Apple platforms; both are tested on Linux.
enum InputWait: CaseIterable, Sendable {
  /// `poll(2)`, the default on Linux.
  case poll
  /// `select(2)`, the default on Apple platforms.
  case select

  /// What ended a wait.
  enum Outcome: Equatable {
    /// The input can be read (bytes, or end of file).
    case input
    /// The wake-up pipe can be read: the reader should stop.
    case wakeUp
    /// The timeout passed with nothing to read.
    case timedOut
    /// A signal interrupted the wait; wait again.
    case interrupted
    /// The call failed, for example on a closed descriptor.
    case failed
  }

  /// The wait for this platform.
  static var platformDefault: InputWait {
    #if canImport(Darwin)
      .select
    #else
      .poll
    #endif
  }

  /// Waits until `input` or `wakeUp` can be read, or `milliseconds` pass (-1: no limit).
  /// The wake-up pipe wins when both can be read.
  func wait(input: Int32, wakeUp: Int32, milliseconds: Int32) -> Outcome {
    switch self {
    case .select where max(input, wakeUp) < Int32(FD_SETSIZE):
      return waitWithSelect(input: input, wakeUp: wakeUp, milliseconds: milliseconds)
    case .poll, .select:  // select cannot watch a descriptor at or past FD_SETSIZE
      return waitWithPoll(input: input, wakeUp: wakeUp, milliseconds: milliseconds)
    }
  }

  private func waitWithPoll(input: Int32, wakeUp: Int32, milliseconds: Int32) -> Outcome {
    var descriptors = [
      pollfd(fd: input, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0),
    ]
    let ready = systemPoll(&descriptors, nfds_t(descriptors.count), milliseconds)
    if ready < 0 { return errno == EINTR ? .interrupted : .failed }
    if ready == 0 { return .timedOut }
    return descriptors[1].revents != 0 ? .wakeUp : .input
  }

  private func waitWithSelect(input: Int32, wakeUp: Int32, milliseconds: Int32) -> Outcome {
    var readable = fd_set()
    Self.add(input, to: &readable)
    Self.add(wakeUp, to: &readable)
    var timeout = timeval()
    timeout.tv_sec = numericCast(milliseconds / 1000)
    timeout.tv_usec = numericCast((milliseconds % 1000) * 1000)
    let ready =
      milliseconds < 0
      ? systemSelect(max(input, wakeUp) + 1, &readable, nil, nil, nil)
      : systemSelect(max(input, wakeUp) + 1, &readable, nil, nil, &timeout)
    if ready < 0 { return errno == EINTR ? .interrupted : .failed }
    if ready == 0 { return .timedOut }
    return Self.contains(wakeUp, in: &readable) ? .wakeUp : .input
  }

  /// `FD_SET`, which Swift does not import: the set is a bit array, one bit per descriptor,
  /// in words of the platform's byte order; on the little-endian machines Swift runs on,
  /// descriptor `n` is bit `n % 8` of byte `n / 8`.
  private static func add(_ descriptor: Int32, to set: inout fd_set) {
    withUnsafeMutableBytes(of: &set) { bytes in
      bytes[Int(descriptor) / 8] |= UInt8(1) << (descriptor % 8)
    }
  }

  /// `FD_ISSET`.
  private static func contains(_ descriptor: Int32, in set: inout fd_set) -> Bool {
    withUnsafeBytes(of: &set) { bytes in
      bytes[Int(descriptor) / 8] & (UInt8(1) << (descriptor % 8)) != 0
    }
  }
}

/// `poll(2)`, named apart from ``InputWait/poll``.
private func systemPoll(
  _ descriptors: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ milliseconds: Int32
) -> Int32 {
  poll(descriptors, count, milliseconds)
}

/// `select(2)`, named apart from ``InputWait/select``.
private func systemSelect(
  _ count: Int32, _ readable: UnsafeMutablePointer<fd_set>?,
  _ writable: UnsafeMutablePointer<fd_set>?,
  _ failed: UnsafeMutablePointer<fd_set>?, _ timeout: UnsafeMutablePointer<timeval>?
) -> Int32 {
  select(count, readable, writable, failed, timeout)
}

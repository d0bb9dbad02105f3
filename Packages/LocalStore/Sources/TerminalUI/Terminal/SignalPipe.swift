// The self-pipe that carries signals from an async-signal-safe handler to the main queue.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One pipe per process: a signal handler writes the signal's number into it, and
/// ``TerminalSignals`` reads the numbers on the main queue.
///
/// Writing one byte to a pipe is async-signal-safe, which nothing else a handler could do to
/// reach Swift code is. The pipe is made on first use and never closed, so a handler running
/// late on another thread can never write into a descriptor number that was reused.
enum SignalPipe {
  /// The read end, or -1 before the pipe is made; only the main actor uses it, and the
  /// compiler checks that.
  @MainActor private static var readEnd: Int32 = -1
  /// The write end, or -1 before the pipe is made; read by the handler.
  nonisolated(unsafe) private static var writeEnd: Int32 = -1

  /// The read end, making the pipe (both ends non-blocking and close-on-exec) on first use.
  @MainActor static func readDescriptor() throws(TerminalError) -> Int32 {
    if readEnd >= 0 { return readEnd }
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { throw .systemCallFailed("pipe", errno: errno) }
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    writeEnd = descriptors[1]
    readEnd = descriptors[0]
    return readEnd
  }

  /// Reads every signal number waiting in the pipe, oldest first.
  @MainActor static func drain() -> [Int32] {
    guard readEnd >= 0 else { return [] }
    var numbers: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(readEnd, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      numbers += buffer[0..<count].map { Int32($0) }
    }
    return numbers
  }

  /// The handler installed for each watched signal: writes its number, and leaves `errno`
  /// as it found it for the code it interrupted.
  static let handler: @convention(c) (Int32) -> Void = { signal in
    let savedError = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(SignalPipe.writeEnd, &byte, 1)
    errno = savedError
  }
}

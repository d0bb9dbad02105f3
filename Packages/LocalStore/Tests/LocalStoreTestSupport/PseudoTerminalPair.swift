// A pseudo-terminal made in-process: a controller side for the test, a terminal side to test.

import Foundation

/// The two ends of a new pseudo-terminal, closed on deinit.
///
/// What is written to ``terminal`` can be read from ``controller``, and what is written to
/// ``controller`` arrives at ``terminal`` as typed input (through its line discipline:
/// echoed and line-buffered until it is put in raw mode). Both descriptors are
/// made close-on-exec as soon as `openpty` returns, so child processes do not inherit them
/// (Foundation's `Process` and ``PseudoTerminal`` also close stray descriptors in the child).
public final class PseudoTerminalPair: Sendable {
  /// The controlling side (the master, in POSIX terms): what a terminal emulator holds.
  public let controller: Int32
  /// The path of the terminal side, such as `/dev/pts/3`.
  public let terminalPath: String
  /// The terminal side (the slave) as a program sees it; `-1` once closed.
  public var terminal: Int32 { terminalDescriptor.withLock { $0 } }
  private let terminalDescriptor: Guarded<Int32>

  /// Opens a pseudo-terminal of `columns` by `rows` cells.
  public init(columns: Int = 80, rows: Int = 24) throws {
    var controller: Int32 = -1
    var terminal: Int32 = -1
    guard openpty(&controller, &terminal, nil, nil, nil) == 0 else {
      throw PseudoTerminalError.failed("openpty")
    }
    // At once, so that no child process started later inherits them.
    _ = fcntl(controller, F_SETFD, FD_CLOEXEC)
    _ = fcntl(terminal, F_SETFD, FD_CLOEXEC)
    var path = [CChar](repeating: 0, count: 256)
    guard ttyname_r(terminal, &path, path.count) == 0 else {
      let error = PseudoTerminalError.failed("ttyname_r")
      close(controller)
      close(terminal)
      throw error
    }
    self.controller = controller
    terminalPath = String(
      decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    terminalDescriptor = Guarded(terminal)
    try setSize(columns: columns, rows: rows)
  }

  /// Sets the window size (`TIOCSWINSZ`), which the kernel reports with SIGWINCH to the
  /// terminal's foreground process group, if it has one.
  public func setSize(columns: Int, rows: Int) throws {
    var size = winsize(
      ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0,
      ws_ypixel: 0)
    guard ioctl(controller, UInt(TIOCSWINSZ), &size) == 0 else {
      throw PseudoTerminalError.failed("ioctl(TIOCSWINSZ)")
    }
  }

  /// The terminal side's current `termios`.
  public func attributes() throws -> termios {
    try terminalDescriptor.withLock { descriptor in
      var attributes = termios()
      guard descriptor >= 0, tcgetattr(descriptor, &attributes) == 0 else {
        throw PseudoTerminalError.failed("tcgetattr")
      }
      return attributes
    }
  }

  /// Writes all of `bytes` to the controller, as if they were typed.
  public func send(bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(controller, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { throw PseudoTerminalError.failed("write") }
      offset += written
    }
  }

  /// Reads from the controller until the bytes read contain `expected`, and returns them all.
  ///
  /// - Throws: ``PseudoTerminalError/timedOut(waitingFor:screen:)`` with what was read.
  public func read(
    until expected: [UInt8], timeout: Duration = .seconds(10)
  ) throws -> [UInt8] {
    let deadline = ContinuousClock.now + timeout
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var searchedUpTo = 0
    while !received[searchedUpTo...].contains(expected) {
      // Only the new bytes (and a partial match before them) need searching next time.
      searchedUpTo = max(0, received.count - expected.count + 1)
      let remaining = ContinuousClock.now.duration(to: deadline)
      var ready = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(
        clamping: remaining.components.seconds * 1000
          + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
      guard remaining > .zero, poll(&ready, 1, milliseconds) > 0 else {
        throw PseudoTerminalError.timedOut(
          waitingFor: String(decoding: expected, as: UTF8.self).debugDescription,
          screen: String(decoding: received, as: UTF8.self).debugDescription)
      }
      let count = Foundation.read(controller, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw PseudoTerminalError.failed("read") }
      received += buffer[0..<count]
    }
    return received
  }

  /// Closes the terminal side now; reading the controller then ends with `EIO` once drained.
  /// Safe to call twice.
  public func closeTerminal() {
    terminalDescriptor.withLock { descriptor in
      if descriptor >= 0 { close(descriptor) }
      descriptor = -1
    }
  }

  deinit {
    closeTerminal()
    close(controller)
  }
}

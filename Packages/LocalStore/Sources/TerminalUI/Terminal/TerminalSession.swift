// Owns the terminal while the full-screen mode runs: raw mode, alternate screen, and back.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts a terminal into full-screen raw mode and gives it back exactly as it was.
///
/// ``enter()`` saves the input's `termios`, switches to raw mode, and writes the sequences
/// for the alternate screen, a hidden cursor and no auto-wrap. ``restore()`` undoes all of
/// it and may be called any number of times. While the session is entered, a
/// `TerminalCrashGuard` restores the terminal if the process crashes.
@MainActor public final class TerminalSession {
  /// Alternate screen, hide the cursor, no auto-wrap (writing the last cell never scrolls),
  /// clear.
  public nonisolated static let enterSequence = Array(
    "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[2J".utf8)
  /// Default attributes, auto-wrap on, show the cursor, back to the main screen.
  public nonisolated static let restoreSequence = Array(
    "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l".utf8)

  /// The descriptor keys are read from, whose `termios` the session changes.
  public let input: Int32
  /// The descriptor frames are written to.
  public let output: Int32
  private let guardsAgainstCrashes: Bool
  /// The attributes to put back; `nil` when the session is not entered.
  private var savedAttributes: termios?

  /// A session on `input` and `output`, not yet entered.
  ///
  /// - Parameters:
  ///   - input: The descriptor to read keys from; standard input by default.
  ///   - output: The descriptor to write frames to; standard output by default.
  ///   - guardsAgainstCrashes: Whether ``enter()`` installs the process-wide
  ///     `TerminalCrashGuard`. Only tests that run sessions side by side turn it off.
  public init(input: Int32 = 0, output: Int32 = 1, guardsAgainstCrashes: Bool = true) {
    self.input = input
    self.output = output
    self.guardsAgainstCrashes = guardsAgainstCrashes
  }

  /// Whether the terminal is in full-screen mode.
  public var isEntered: Bool { savedAttributes != nil }

  /// The current window size of the output terminal (80x24 when it does not say).
  public var size: TerminalSize { TerminalSize(ofTerminal: output) }

  /// Saves the terminal's attributes, switches to raw mode and to the alternate screen.
  ///
  /// Raw mode is `cfmakeraw`'s: no echo, no line editing, no signals from Ctrl-C or Ctrl-Z
  /// (they arrive as keys), no output processing (`\n` does not return the carriage; frames
  /// position the cursor absolutely), `VMIN` 1 and `VTIME` 0. Doing nothing when already
  /// entered. The mode change uses `TCSADRAIN`, so keys typed before it are kept for the UI.
  ///
  /// - Throws: ``TerminalError/notATerminal(_:)`` when `input` or `output` is not a terminal,
  ///   ``TerminalError/systemCallFailed(operation:reason:)`` when a system call fails; the terminal
  ///   is left as it was.
  public func enter() throws(TerminalError) {
    guard savedAttributes == nil else { return }
    for (descriptor, name) in [(input, "input"), (output, "output")] where isatty(descriptor) != 1 {
      throw .notATerminal(Self.describe(descriptor, as: name))
    }
    var saved = termios()
    guard tcgetattr(input, &saved) == 0 else { throw .systemCallFailed("tcgetattr", errno: errno) }
    var raw = saved
    cfmakeraw(&raw)
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    // Guard first, so that a crash at any point after the switch still restores.
    if guardsAgainstCrashes {
      TerminalCrashGuard.install(
        restoring: saved, input: input, output: output, sequence: Self.restoreSequence)
    }
    guard Self.setAttributes(input, TCSADRAIN, saved: raw) else {
      let error = TerminalError.systemCallFailed("tcsetattr", errno: errno)
      if guardsAgainstCrashes { TerminalCrashGuard.uninstall() }
      throw error
    }
    savedAttributes = saved
    do {
      try writeOut(Self.enterSequence)
    } catch {
      restore()
      throw error
    }
  }

  /// Leaves the alternate screen and puts back the exact attributes saved by ``enter()``.
  ///
  /// Safe to call any number of times, and when ``enter()`` was never called or failed. Uses
  /// `TCSAFLUSH`: the restore sequence is written out first, and keys typed for the UI but
  /// not read are discarded rather than handed to the shell as stray bytes (half an escape
  /// sequence at the prompt). Errors are ignored: there is nothing better to do on the way out.
  public func restore() {
    guard let saved = savedAttributes else { return }
    savedAttributes = nil
    try? writeOut(Self.restoreSequence)
    _ = Self.setAttributes(input, TCSAFLUSH, saved: saved)
    if guardsAgainstCrashes { TerminalCrashGuard.uninstall() }
  }

  /// Writes `text` as UTF-8, like the `[UInt8]` overload.
  public func write(_ text: String) throws(TerminalError) {
    try write(Array(text.utf8))
  }

  /// Writes all of `bytes` to the output while the session is entered, in one `write` call
  /// when the terminal takes it.
  ///
  /// Outside the session (before ``enter()``, after ``restore()``) the bytes are dropped: a
  /// frame that a drawing task produced just before the end would otherwise land on the
  /// shell's screen. Retries after a partial write, `EINTR`, and `EAGAIN` (waiting in `poll`
  /// until the terminal can take more).
  ///
  /// - Throws: ``TerminalError/systemCallFailed(operation:reason:)`` when the terminal is gone
  ///   (typically `EIO` after a hang-up).
  public func write(_ bytes: [UInt8]) throws(TerminalError) {
    guard isEntered else { return }
    try writeOut(bytes)
  }

  /// Writes all of `bytes`, whether or not the session is entered.
  private func writeOut(_ bytes: [UInt8]) throws(TerminalError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        writeOnce(output, buffer, from: offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
        var ready = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
        _ = poll(&ready, 1, -1)
      } else if written < 0, errno == EINTR {
        continue
      } else {
        throw .systemCallFailed("write", errno: written == 0 ? EIO : errno)
      }
    }
  }

  /// Calls `tcsetattr`, retrying after `EINTR`.
  private static func setAttributes(_ descriptor: Int32, _ action: Int32, saved: termios) -> Bool {
    var attributes = saved
    while tcsetattr(descriptor, action, &attributes) != 0 {
      guard errno == EINTR else { return false }
    }
    return true
  }

  /// "standard input" for descriptor 0, and so on; "file descriptor 7" for others.
  private static func describe(_ descriptor: Int32, as role: String) -> String {
    switch descriptor {
    case 0: "standard input"
    case 1: "standard output"
    case 2: "standard error"
    default: "the \(role) (file descriptor \(descriptor))"
    }
  }
}

/// One `write(2)` of what remains of `buffer` after `offset`; a free function so that the
/// session's own `write` does not hide the system call.
private func writeOnce(
  _ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, from offset: Int
)
  -> Int
{
  guard let base = buffer.baseAddress else { return 0 }
  return write(descriptor, base + offset, buffer.count - offset)
}

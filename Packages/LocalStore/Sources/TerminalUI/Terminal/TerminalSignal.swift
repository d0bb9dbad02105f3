// The signals the full-screen mode reacts to while it owns the terminal.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A signal delivered to the full-screen mode by ``TerminalSignals``.
public enum TerminalSignal: CaseIterable, Hashable, Sendable {
  /// SIGINT: an interrupt sent with `kill` (in raw mode Ctrl-C arrives as a key instead).
  case interrupt
  /// SIGTERM: a request to end.
  case terminate
  /// SIGHUP: the terminal went away.
  case hangUp
  /// SIGWINCH: the window changed size.
  case windowChanged
  /// SIGTSTP: a request to stop (`kill -TSTP`; in raw mode Ctrl-Z arrives as a key). Give the
  /// terminal back, then ``TerminalSignals/suspendProcess()``.
  case suspend
  /// SIGCONT: the process goes on after a stop (`fg`, `kill -CONT`), whoever stopped it: take
  /// the terminal again and redraw.
  case resume

  /// The signal's number.
  public var number: Int32 {
    switch self {
    case .interrupt: SIGINT
    case .terminate: SIGTERM
    case .hangUp: SIGHUP
    case .windowChanged: SIGWINCH
    case .suspend: SIGTSTP
    case .resume: SIGCONT
    }
  }
}

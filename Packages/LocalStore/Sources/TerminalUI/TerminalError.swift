// Every way setting up or using the terminal can fail, each with a sentence a person can act on.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failure of the terminal toolkit: no terminal to draw on, or a system call that failed.
public enum TerminalError: Error, Equatable, Sendable {
  /// A full-screen session needs a terminal, and `stream` (described in words, such as
  /// "standard input") is not one.
  case notATerminal(String)
  /// A system call on the terminal failed; `reason` is the system's own error text.
  case systemCallFailed(operation: String, reason: String)

  /// A ``systemCallFailed(operation:reason:)`` for `operation`, worded from `errno`'s value.
  static func systemCallFailed(_ operation: String, errno code: Int32) -> TerminalError {
    .systemCallFailed(operation: operation, reason: String(cString: strerror(code)))
  }
}

extension TerminalError: CustomStringConvertible {
  /// A sentence saying what failed and what to do about it.
  public var description: String {
    switch self {
    case .notATerminal(let stream):
      "The full-screen mode needs a terminal, and \(stream) is not one."
    case .systemCallFailed(let operation, let reason):
      "The terminal could not be set up: \(operation) failed: \(reason)."
    }
  }
}

// Asks the operating system whether a standard stream is a terminal.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks the standard streams for a terminal with `isatty`.
public enum Terminal {
  /// A standard stream of the process.
  public enum Stream: Int32 {
    /// File descriptor 0.
    case standardInput = 0
    /// File descriptor 1.
    case standardOutput = 1
    /// File descriptor 2.
    case standardError = 2
  }

  /// Whether `stream` is connected to a terminal.
  public static func isTerminal(_ stream: Stream) -> Bool {
    isatty(stream.rawValue) == 1
  }
}

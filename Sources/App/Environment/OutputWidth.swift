// Decides how many columns text output may use: `COLUMNS`, else the terminal's width, else 80.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The width that charts and other laid-out text must fit.
nonisolated enum OutputWidth {
  /// The width used when neither `COLUMNS` nor a terminal says otherwise.
  static let fallback = 80

  /// `COLUMNS` when it is a positive number, else the terminal's width when standard output
  /// is a terminal that reports one, else ``fallback``.
  static func resolve(
    environment: [String: String], standardOutputIsTerminal: Bool,
    terminalColumns: () -> Int? = OutputWidth.terminalColumns
  ) -> Int {
    if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 {
      return columns
    }
    if standardOutputIsTerminal, let columns = terminalColumns(), columns > 0 {
      return columns
    }
    return fallback
  }

  /// The number of columns of the terminal on standard output; `nil` when there is none or
  /// it reports 0 (as under `script` with piped input).
  static func terminalColumns() -> Int? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}

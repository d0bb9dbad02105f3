// Decides how many columns text output may use: `COLUMNS`, else the terminal's width, else 80.

import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The width that charts and other laid-out text must fit.
nonisolated enum OutputWidth {
  /// The width used when neither `COLUMNS` nor a terminal says otherwise: that of
  /// ``TerminalSize/fallback``.
  static let fallback = TerminalSize.fallback.columns

  /// `COLUMNS` when it is a positive number, else the terminal's width when standard output
  /// is a terminal that reports one, else ``fallback``.
  ///
  /// - Parameter terminalColumns: The width of the terminal on standard output; by default
  ///   from ``TerminalSize/init(ofTerminal:)``, which gives ``fallback`` when it reports none.
  static func resolve(
    environment: [String: String], standardOutputIsTerminal: Bool,
    terminalColumns: () -> Int? = { TerminalSize(ofTerminal: STDOUT_FILENO).columns }
  ) -> Int {
    if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 {
      return columns
    }
    if standardOutputIsTerminal, let columns = terminalColumns(), columns > 0 {
      return columns
    }
    return fallback
  }
}

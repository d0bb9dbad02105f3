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
  /// ``/TerminalUI/TerminalSize/fallback``.
  static let fallback = TerminalSize.fallback.columns
  /// The narrowest width used: a narrower `COLUMNS` is raised to it.
  static let minimum = 20
  /// The widest width used: a wider `COLUMNS` or terminal is cut to it, so that no chart
  /// asks for a line of billions of cells.
  static let maximum = TerminalSize.maximum.columns

  /// `COLUMNS` when it is a positive number, else the terminal's width when standard output
  /// is a terminal that reports one, else ``fallback``; always within ``minimum`` and
  /// ``maximum``.
  ///
  /// - Parameters:
  ///   - environment: The process's environment, where `COLUMNS` may be.
  ///   - standardOutputIsTerminal: Whether standard output is a terminal.
  ///   - terminalColumns: The width of the terminal on standard output; by default from
  ///     ``/TerminalUI/TerminalSize/init(ofTerminal:)``, which gives ``fallback`` when it
  ///     reports none.
  static func resolve(
    environment: [String: String], standardOutputIsTerminal: Bool,
    terminalColumns: () -> Int? = { TerminalSize(ofTerminal: STDOUT_FILENO).columns }
  ) -> Int {
    if let text = environment["COLUMNS"], !text.isEmpty,
      text.allSatisfy({ ("0"..."9").contains($0) }), text.contains(where: { $0 != "0" })
    {
      // Any run of digits, even one too long for `Int`, is a width: a huge one is clamped.
      return Int(text).map(clamped) ?? maximum
    }
    if standardOutputIsTerminal, let columns = terminalColumns(), columns > 0 {
      return clamped(columns)
    }
    return fallback
  }

  private static func clamped(_ columns: Int) -> Int {
    min(max(columns, minimum), maximum)
  }
}

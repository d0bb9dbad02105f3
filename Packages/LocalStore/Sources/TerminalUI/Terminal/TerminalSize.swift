// The size of a terminal window in character cells.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal's width and height in character cells.
public struct TerminalSize: Hashable, Sendable {
  /// The number of cells in a row.
  public var columns: Int
  /// The number of rows.
  public var rows: Int

  /// The size assumed when the terminal does not say: 80 by 24, the VT100's.
  public static let fallback = TerminalSize(columns: 80, rows: 24)

  /// The largest size used, whatever a terminal reports: 1,000 by 1,000 cells. A frame is
  /// one value per cell, so a window of 65,535 by 65,535 would ask for gigabytes.
  public static let maximum = TerminalSize(columns: 1_000, rows: 1_000)

  /// This size with each dimension within `0...` that of ``maximum``.
  public var clamped: TerminalSize {
    TerminalSize(
      columns: min(max(columns, 0), Self.maximum.columns),
      rows: min(max(rows, 0), Self.maximum.rows))
  }

  /// The window size of the terminal on `fileDescriptor`, from `TIOCGWINSZ`.
  ///
  /// A descriptor that is not a terminal gives ``fallback``, and so does a dimension of 0
  /// (as under `script` with piped input) for that dimension; a larger one than ``maximum``
  /// gives that of ``maximum``.
  public init(ofTerminal fileDescriptor: Int32) {
    var window = winsize()
    guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &window) == 0 else {
      self = Self.fallback
      return
    }
    columns = window.ws_col == 0 ? Self.fallback.columns : Int(window.ws_col)
    rows = window.ws_row == 0 ? Self.fallback.rows : Int(window.ws_row)
    self = clamped
  }

  /// A size of `columns` by `rows` cells.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}

// How one cell of a frame looks: emphasis and an optional colour.

/// The look of a cell: bold, dim, reverse video and a foreground colour.
///
/// Colour is kept apart from the other attributes because `NO_COLOR`, `--no-color` and
/// `TERM=dumb` turn colour off but keep reverse video, which marks the selected row.
public struct CellStyle: Hashable, Sendable {
  /// A foreground colour from the 8 that every terminal has.
  public enum Color: Int, Hashable, Sendable {
    /// Errors.
    case red = 31
    /// Success, such as a saved change.
    case green = 32
    /// Warnings and confirmations.
    case yellow = 33
    /// Tags and highlights.
    case cyan = 36
  }

  /// Heavier type.
  public var isBold = false
  /// Fainter type.
  public var isDim = false
  /// Foreground and background swapped.
  public var isReversed = false
  /// The foreground colour, or the terminal's default.
  public var color: Color?

  /// The terminal's default look.
  public static let plain = CellStyle()
  /// Bold type.
  public static let bold = CellStyle(isBold: true)
  /// Dim type.
  public static let dim = CellStyle(isDim: true)
  /// Reverse video, for the selected row and the title bar.
  public static let reversed = CellStyle(isReversed: true)

  /// The same look in `color`.
  public func colored(_ color: Color) -> CellStyle {
    var style = self
    style.color = color
    return style
  }

  /// The SGR parameters that select this look from the default, such as `[1, 7]`.
  func parameters(colors: Bool) -> [Int] {
    var codes: [Int] = []
    if isBold { codes.append(1) }
    if isDim { codes.append(2) }
    if isReversed { codes.append(7) }
    if colors, let color { codes.append(color.rawValue) }
    return codes
  }
}

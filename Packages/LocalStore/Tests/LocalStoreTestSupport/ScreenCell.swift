// One character cell of the test oracle's screen, with the attributes it was written with.

/// The display attributes of a cell that tests can check, set with SGR (`ESC [ ... m`).
public struct CellAttributes: OptionSet, Hashable, Sendable {
  /// The bits of the set.
  public let rawValue: UInt8

  /// A set from its bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// SGR 1.
  public static let bold = CellAttributes(rawValue: 1 << 0)
  /// SGR 2.
  public static let dim = CellAttributes(rawValue: 1 << 1)
  /// SGR 3.
  public static let italic = CellAttributes(rawValue: 1 << 2)
  /// SGR 4.
  public static let underline = CellAttributes(rawValue: 1 << 3)
  /// SGR 7: reverse video, as a selected row is drawn.
  public static let reverse = CellAttributes(rawValue: 1 << 4)
}

/// One cell of a ``ScreenSnapshot``.
///
/// A wide character (CJK, most emoji) fills two cells: the first holds the character and the
/// second is a continuation with empty ``text``.
public struct ScreenCell: Hashable, Sendable {
  /// What the cell shows: one character with any combining marks, `" "` when blank, or `""`
  /// for the second half of a wide character.
  public var text: String
  /// The attributes it was written with.
  public var attributes: CellAttributes

  /// A cell showing `text` with `attributes`.
  public init(text: String, attributes: CellAttributes = []) {
    self.text = text
    self.attributes = attributes
  }

  /// A blank cell with no attributes, as erasing leaves it.
  public static let blank = ScreenCell(text: " ")

  /// Whether this is the second half of a wide character.
  public var isWideContinuation: Bool { text.isEmpty }
}

// How many terminal columns a character or a string takes.

/// Terminal column widths: 2 for wide East Asian characters and emoji, 1 for the rest.
///
/// Terminals lay text out in cells, and a CJK ideograph or an emoji fills two of them, so
/// `String.count` is the wrong measure for truncating a prompt to fit a row. The table covers
/// the wide blocks in common use (East Asian Width W and F, and emoji with emoji presentation);
/// a character it misjudges costs one cell of alignment, never a broken screen, because the
/// renderer positions every row absolutely.
public enum DisplayWidth {
  /// The columns `character` takes: 1 for a control character (shown as `�`, see
  /// ``sanitized(_:)``), 0 for a zero-width one (a zero-width space or joiner, or a combining
  /// mark with no character to combine with), 2 for wide ones, otherwise 1.
  public static func of(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if isControl(first) || isBidiControl(first) { return 1 }
    if character.unicodeScalars.allSatisfy(isZeroWidth) { return 0 }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    return isWide(first) ? 2 : 1
  }

  /// The columns `text` takes.
  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// `character`, or U+FFFD when it is a control character that would move the cursor or
  /// start an escape sequence, or a bidirectional control that would reorder the text after
  /// it; a tab or newline becomes a space.
  ///
  /// Text from the store goes through this before it reaches a frame, so a stored title that
  /// contains `ESC [2J` is shown, not obeyed, and one that contains U+202E cannot turn the rest
  /// of the screen around.
  public static func sanitized(_ character: Character) -> Character {
    guard let scalar = character.unicodeScalars.first else { return character }
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: return " "
    case 0x00..<0x20, 0x7F..<0xA0: return "\u{FFFD}"
    default:
      return character.unicodeScalars.contains(where: isBidiControl) ? "\u{FFFD}" : character
    }
  }

  /// Whether `scalar` is a C0 or C1 control character or `DEL`.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
  }

  /// Whether `scalar` is a bidirectional formatting character (the embeddings, overrides and
  /// isolates U+202A–U+202E and U+2066–U+2069, and the marks U+200E, U+200F and U+061C),
  /// which make a terminal show the text after it in another order than it is stored.
  public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Whether `scalar` takes no column of its own: a combining mark, or a format character
  /// such as a zero-width space, joiner or no-break space.
  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: true
    // A soft hyphen is a format character that terminals show as a hyphen.
    case .format: scalar.value != 0xAD
    default: scalar.value == 0x200B
    }
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x1100 { return false }
    if scalar.properties.isEmojiPresentation { return true }
    return wideRanges.contains { $0.contains(value) }
  }

  /// East Asian Wide and Fullwidth blocks (Unicode 15, UAX #11), coarsely.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initials
    0x2E80...0x303E,  // CJK radicals, Kangxi, CJK symbols and punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE30...0xFE4F,  // CJK compatibility forms
    0xFF00...0xFF60,  // Fullwidth forms
    0xFFE0...0xFFE6,  // Fullwidth signs
    0x20000...0x3FFFD,  // CJK extensions B to G
  ]
}

// Text from the store or from a file, made safe to print on a terminal: shown, never obeyed.

import TerminalUI

/// Neutralises the characters a terminal would act on: `ESC` (which starts sequences such as
/// `ESC ] 52` to set the clipboard or `ESC [ 2 J` to clear the screen), the other C0 and C1
/// control characters, and `DEL`.
///
/// Each becomes U+FFFD, as in the full-screen mode (``DisplayWidth/sanitized(_:)``), so the
/// rest of a sequence is visible as plain text. Line-based output applies it to stored text
/// when it writes to a terminal; error messages, which quote files and arguments, always get
/// it. `--json` and `export` keep the exact bytes.
nonisolated enum TerminalText {
  /// `text` with every control character replaced by U+FFFD; line breaks are kept when
  /// `keepingLineBreaks` is true and become spaces otherwise, as do tabs.
  static func neutralized(_ text: String, keepingLineBreaks: Bool = true) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    return String(
      text.map { character in
        keepingLineBreaks && character == "\n" ? character : DisplayWidth.sanitized(character)
      })
  }

  /// `text` cut to its first `limit` characters, with a note of how many were left out, so
  /// a message quoting a field of a file stays short whatever the field holds.
  static func excerpt(_ text: String, limit: Int = 1_000) -> String {
    guard text.count > limit else { return text }
    return text.prefix(limit) + "… (\(text.count - limit) more characters)"
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
  }
}

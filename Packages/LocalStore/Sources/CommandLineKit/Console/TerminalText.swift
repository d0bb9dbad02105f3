// Text from a store, a file or a path, made safe to print: shown, never obeyed by a terminal.

import TerminalUI

/// Neutralises the characters a terminal would act on: `ESC` (which starts sequences such as
/// `ESC ] 52` to set the clipboard or `ESC [ 2 J` to clear the screen), the other C0 and C1
/// control characters, `DEL`, and the bidirectional controls that reorder what follows.
///
/// Each becomes U+FFFD, as in a full-screen frame (``/TerminalUI/DisplayWidth/sanitized(_:)``), so the
/// rest of a sequence is visible as plain text. ``SafeConsole`` applies it to every message
/// and every text result, paths included; JSON gets ``jsonEscaped(_:)`` instead, which keeps
/// the data.
public enum TerminalText {
  /// `text` with every control character replaced by U+FFFD; line breaks are kept when
  /// `keepingLineBreaks` is true and become spaces otherwise, as do tabs.
  public static func neutralized(_ text: String, keepingLineBreaks: Bool = true) -> String {
    guard text.unicodeScalars.contains(where: isNeutralized) else { return text }
    return String(
      text.map { character in
        keepingLineBreaks && character == "\n" ? character : DisplayWidth.sanitized(character)
      })
  }

  /// JSON text with the C1 controls, `DEL` and the bidirectional controls inside its strings
  /// written as `\uXXXX` escapes: the same JSON value, which a terminal cannot act on.
  /// (`JSONEncoder` already escapes the C0 controls.)
  public static func jsonEscaped(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: isNeutralized) else { return json }
    var escaped = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
      guard isNeutralized(scalar), scalar.value >= 0x20 else {
        escaped.append(scalar)
        continue
      }
      let hex = String(scalar.value, radix: 16)
      escaped.append(
        contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
    }
    return String(escaped)
  }

  /// `text` cut to its first `limit` characters, with a note of how many were left out, so
  /// a message quoting a field of a file stays short whatever the field holds.
  public static func excerpt(_ text: String, limit: Int = 1_000) -> String {
    guard text.count > limit else { return text }
    return text.prefix(limit) + "… (\(text.count - limit) more characters)"
  }

  /// Whether `scalar` is one that ``neutralized(_:keepingLineBreaks:)`` replaces.
  public static func isNeutralized(_ scalar: Unicode.Scalar) -> Bool {
    DisplayWidth.isControl(scalar) || DisplayWidth.isBidiControl(scalar)
  }
}

// Minimal ANSI styling for text output, and the rules for when it is allowed.

/// Dims and emboldens text with ANSI escapes, or leaves it plain.
nonisolated struct TextStyle: Equatable, Sendable {
  /// Whether escapes are written at all.
  var isEnabled: Bool

  /// Plain text, for JSON, pipes and tests.
  static let plain = TextStyle(isEnabled: false)

  /// The style for one run: colour only in text mode, only when standard output is a
  /// terminal, and never with `--no-color`, a non-empty `NO_COLOR` or `TERM=dumb`.
  static func forOutput(
    options: GlobalOptions, standardOutputIsTerminal: Bool, environment: [String: String]
  ) -> TextStyle {
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    let dumb = environment["TERM"] == "dumb"
    let enabled = !options.json && !options.noColor && standardOutputIsTerminal && !noColor && !dumb
    return TextStyle(isEnabled: enabled)
  }

  /// `text` in faint type.
  func dim(_ text: String) -> String { wrap(text, code: "2") }

  /// `text` in bold type.
  func bold(_ text: String) -> String { wrap(text, code: "1") }

  private func wrap(_ text: String, code: String) -> String {
    isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}

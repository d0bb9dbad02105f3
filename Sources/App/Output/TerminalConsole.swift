// The one path every string of a command takes to a terminal: neutralised, whatever its source.

/// Wraps the run's console so that nothing written to a terminal can drive it.
///
/// Messages quote paths, arguments and file contents; results quote stored text. Rather than
/// trust each place that builds a string to neutralise its parts, ``CommandRunner`` writes
/// through this console, which neutralises every write to a stream that is a terminal
/// (``TerminalText/neutralized(_:keepingLineBreaks:)``), and escapes JSON there instead
/// (``TerminalText/jsonEscaped(_:)``), so `--json` on a terminal is still the same JSON.
///
/// The app's own sequences are the only ones let through: the styles of ``TextStyle`` (bold,
/// faint, reset) anywhere, and the carriage return and line erase of ``ProgressBar`` only at
/// the start of a write, which the program itself begins. None of them can move the cursor
/// elsewhere, clear the screen, or set a title, whatever the text around them holds.
final class TerminalConsole: Console {
  /// The console written to.
  let base: any Console
  /// Whether standard output is a terminal.
  let outputIsTerminal: Bool
  /// Whether standard error is a terminal.
  let errorIsTerminal: Bool
  /// Whether standard output carries JSON (`--json`), escaped rather than replaced.
  var json = false

  /// The app's own styling sequences, kept as they are.
  static let styles = ["\u{1B}[0m", "\u{1B}[1m", "\u{1B}[2m"]
  /// What ``ProgressBar`` starts a redraw with: back to the start of the line, erase it.
  static let lineRedraws = ["\r\u{1B}[K", "\r"]

  /// A console over `base` that neutralises what goes to the streams that are terminals.
  init(_ base: any Console, outputIsTerminal: Bool, errorIsTerminal: Bool) {
    self.base = base
    self.outputIsTerminal = outputIsTerminal
    self.errorIsTerminal = errorIsTerminal
  }

  var writeFailure: ConsoleWriteFailure? { base.writeFailure }

  func writeOutput(_ text: String) {
    guard outputIsTerminal else { return base.writeOutput(text) }
    base.writeOutput(json ? TerminalText.jsonEscaped(text) : Self.neutralized(text))
  }

  func writeError(_ text: String) {
    base.writeError(errorIsTerminal ? Self.neutralized(text) : text)
  }

  func readLine() -> String? {
    base.readLine()
  }

  /// `text` neutralised, except for the app's own sequences listed above.
  static func neutralized(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: TerminalText.isNeutralized) else { return text }
    var rest = Substring(text)
    var result = ""
    if let redraw = lineRedraws.first(where: { rest.hasPrefix($0) }) {
      result += redraw
      rest = rest.dropFirst(redraw.count)
    }
    while let escape = rest.firstIndex(of: "\u{1B}") {
      result += TerminalText.neutralized(String(rest[..<escape]))
      rest = rest[escape...]
      if let style = styles.first(where: { rest.hasPrefix($0) }) {
        result += style
        rest = rest.dropFirst(style.count)
      } else {
        result += "\u{FFFD}"
        rest = rest.dropFirst()
      }
    }
    return result + TerminalText.neutralized(String(rest))
  }
}

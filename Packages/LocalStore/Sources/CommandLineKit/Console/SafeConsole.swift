// The one path every string of a command takes to standard output and standard error: neutralised, whatever its source.

/// Wraps the run's console so that nothing a command writes can drive a terminal, now or later.
///
/// Messages quote paths, arguments and file contents; results quote stored text. Rather than
/// trust each place that builds a string to neutralise its parts, a tool writes through this
/// console, which neutralises every message (``TerminalText/neutralized(_:keepingLineBreaks:)``)
/// wherever standard error goes: a message written to a pipe or a file is read later on a
/// terminal (a CI log, `tee`, `less -R`), as coreutils quotes file names in its messages
/// whether or not standard error is a terminal. Results are neutralised the same way in text
/// mode; with ``json`` they are escaped instead (``TerminalText/jsonEscaped(_:)``), which keeps
/// the same JSON value. ``writeData(_:)`` alone passes bytes through untouched, for data a
/// program reads back, such as `export -`.
///
/// The tool's own sequences are the only ones let through, and only to a stream that is a
/// terminal: the styles of bold, faint and reset anywhere, and the carriage return and line
/// erase that redraw a progress bar only at the start of a write, which the program itself
/// begins. None of them can move the cursor elsewhere, clear the screen, or set a title,
/// whatever the text around them holds.
public final class SafeConsole: Console {
  /// The console written to.
  public let base: any Console
  /// Whether standard output is a terminal.
  public let outputIsTerminal: Bool
  /// Whether standard error is a terminal.
  public let errorIsTerminal: Bool
  /// Whether standard output carries JSON (`--json`), escaped rather than replaced.
  public var json = false

  /// The tool's own styling sequences, kept as they are on a terminal.
  public static let styles = ["\u{1B}[0m", "\u{1B}[1m", "\u{1B}[2m"]
  /// What a progress bar starts a redraw with: back to the start of the line, erase it.
  public static let lineRedraws = ["\r\u{1B}[K", "\r"]

  /// A console over `base` that neutralises everything but ``writeData(_:)``; the tool's own
  /// styles pass only to the streams that are terminals.
  public init(_ base: any Console, outputIsTerminal: Bool, errorIsTerminal: Bool) {
    self.base = base
    self.outputIsTerminal = outputIsTerminal
    self.errorIsTerminal = errorIsTerminal
  }

  /// The base console's first failed write.
  public var writeFailure: ConsoleWriteFailure? { base.writeFailure }

  /// Writes a result: escaped as JSON with ``json``, else neutralised.
  public func writeOutput(_ text: String) {
    base.writeOutput(
      json
        ? TerminalText.jsonEscaped(text) : Self.neutralized(text, allowingOwn: outputIsTerminal))
  }

  /// Writes a message, neutralised wherever standard error goes.
  public func writeError(_ text: String) {
    base.writeError(Self.neutralized(text, allowingOwn: errorIsTerminal))
  }

  /// Writes `text` to standard output exactly as it is.
  public func writeData(_ text: String) {
    base.writeData(text)
  }

  /// The base console's next line of input.
  public func readLine() -> String? {
    base.readLine()
  }

  /// `text` neutralised; with `allowingOwn`, the tool's own sequences listed above are kept.
  public static func neutralized(_ text: String, allowingOwn: Bool = true) -> String {
    guard text.unicodeScalars.contains(where: TerminalText.isNeutralized) else { return text }
    guard allowingOwn else { return TerminalText.neutralized(text) }
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

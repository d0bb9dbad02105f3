// Where a command-line tool writes (standard output for results, standard error for messages) and reads lines.

/// The standard streams of a run, so tests can capture output and script input in memory.
///
/// A tool writes through a ``SafeConsole`` over the process's ``StandardConsole``: results go
/// to ``writeOutput(_:)``, messages for a person to ``writeError(_:)``, and bytes that must
/// arrive exactly as they are (an export to standard output) to ``writeData(_:)``.
public protocol Console: AnyObject {
  /// Writes `text`, a result, to standard output.
  func writeOutput(_ text: String)
  /// Writes `text`, a message for a person, to standard error.
  func writeError(_ text: String)
  /// Writes `text` to standard output byte for byte: data a program reads back, such as an
  /// export, which no console may change. ``writeOutput(_:)`` by default.
  func writeData(_ text: String)
  /// The next line of standard input without its line break; `nil` at the end of input.
  func readLine() -> String?
  /// The first write to standard output or standard error that failed, if any; the run then
  /// ends with status 1. `nil` by default, for consoles that cannot fail.
  var writeFailure: ConsoleWriteFailure? { get }
}

extension Console {
  /// No write ever fails: the default for consoles that keep what they are given in memory.
  public var writeFailure: ConsoleWriteFailure? { nil }

  /// Data goes where output goes.
  public func writeData(_ text: String) {
    writeOutput(text)
  }
}

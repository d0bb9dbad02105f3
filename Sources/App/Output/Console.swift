// Where the runner writes (standard output for data, standard error for messages) and reads lines.

/// The standard streams of a run, so tests can capture output and script input in memory.
public protocol Console: AnyObject {
  /// Writes `text` to standard output as is.
  func writeOutput(_ text: String)
  /// Writes `text` to standard error as is.
  func writeError(_ text: String)
  /// The next line of standard input without its line break; `nil` at the end of input.
  func readLine() -> String?
  /// The first write to standard output or standard error that failed, if any; the run then
  /// ends with status 1. `nil` by default, for consoles that cannot fail.
  var writeFailure: ConsoleWriteFailure? { get }
}

extension Console {
  /// No write ever fails: the default for consoles that keep what they are given in memory.
  public var writeFailure: ConsoleWriteFailure? { nil }
}

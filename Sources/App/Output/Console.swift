// Where the runner writes (standard output for data, standard error for messages) and reads lines.

/// The standard streams of a run, so tests can capture output and script input in memory.
public protocol Console: AnyObject {
  /// Writes `text` to standard output as is.
  func writeOutput(_ text: String)
  /// Writes `text` to standard error as is.
  func writeError(_ text: String)
  /// The next line of standard input without its line break; `nil` at the end of input.
  func readLine() -> String?
}

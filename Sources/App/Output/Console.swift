// Where the runner writes: standard output for data, standard error for messages.

/// The two output streams of a run, so tests can capture them in memory.
protocol Console: AnyObject {
  /// Writes `text` to standard output as is.
  func writeOutput(_ text: String)
  /// Writes `text` to standard error as is.
  func writeError(_ text: String)
}

// One parsed command line: the global options and the command to run.

/// The result of parsing a command line.
nonisolated struct Invocation: Equatable, Sendable {
  /// The global options.
  var options = GlobalOptions()
  /// The command to run, or `nil` when the command line named none.
  var command: Command?
}

// A parsed command line: the subcommand, if any, and the options every subcommand shares.

/// The command line of one run.
nonisolated struct Invocation: Equatable, Sendable {
  /// The subcommand; `nil` when the command line named none.
  var command: Command?
  /// The folder given with `--data-dir`.
  var dataDirectory: String?
  /// Whether `--json` asked for JSON output.
  var json = false
}

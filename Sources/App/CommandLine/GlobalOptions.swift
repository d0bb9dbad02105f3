// The options that apply to every subcommand.

/// The global options of one invocation, accepted before or after the subcommand.
nonisolated struct GlobalOptions: Equatable, Sendable {
  /// The `--data-dir` value as typed, or `nil` when it was not given.
  var dataDirectory: String?
  /// Whether `--json` was given.
  var json = false
  /// Whether `--no-color` was given.
  var noColor = false
}

// A parsed command line: its words, the options every command shares, and those it leaves to the command.

/// The command line of one run.
nonisolated struct Invocation: Equatable, Sendable {
  /// The words that are not options, in order: a command, or a group and a command, and
  /// their arguments.
  var words: [String] = []
  /// The options left to the command, such as `--notes <text>`, in order.
  var options: [CommandOption] = []
  /// The folder given with `--data-dir`.
  var dataDirectory: String?
  /// Whether `--json` asked for JSON output.
  var json = false
  /// Whether `--no-color` asked for no colour.
  var noColor = false
  /// Whether `--help` or `-h` asked for the help page.
  var help = false
}

/// One `--name value` option that a command interprets.
nonisolated struct CommandOption: Equatable, Sendable {
  /// The option as typed, with its dashes: `--notes`.
  var name: String
  /// Its value.
  var value: String
}

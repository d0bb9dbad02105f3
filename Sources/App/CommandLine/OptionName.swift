// The named options `questions` understands, and which of them take a value.

import CommandLineKit

/// An option of `questions`, global or belonging to a subcommand.
nonisolated enum OptionName: String, CaseIterable, Sendable {
  /// `--data-dir <dir>`: the folder holding the store.
  case dataDirectory = "--data-dir"
  /// `--json`: print JSON instead of text.
  case json = "--json"
  /// `--no-color`: never colour the output.
  case noColor = "--no-color"
  /// `-h`, `--help`: print help.
  case help = "--help"
  /// `--version`: print the version.
  case version = "--version"
  /// `--answer <text>`: the answer of a question.
  case answer = "--answer"
  /// `--prompt <text>`: the new prompt of a question `edit` changes.
  case prompt = "--prompt"
  /// `--tag <tag>`: a tag to file a question under, or to filter by.
  case tag = "--tag"
  /// `--count <n>`: how many questions a quiz asks at most.
  case count = "--count"
  /// `--format <format>`: the file format of `import` and `export`, `json` or `csv`.
  case format = "--format"
  /// `--skip-invalid`: import the valid rows of a file that has invalid ones.
  case skipInvalid = "--skip-invalid"
  /// `--apply <file>`: the file of changes a repair set aside, to apply to the store.
  case apply = "--apply"
  /// `--to <store>`: the kind of store `migrate` moves the questions to.
  case to = "--to"
  /// `--server <url>`: the sync server's address.
  case server = "--server"
  /// `--user <name>`: the sync account's user name.
  case user = "--user"
  /// `--status`: print where the sync stands instead of syncing.
  case status = "--status"
  /// `--keep mine|theirs`: which version settles a sync conflict.
  case keep = "--keep"

  /// Looks up an option by its spelling on the command line, without any `=value`.
  init?(spelling: String) {
    guard let option = Self.allCases.first(where: { $0.spec.matches(spelling) }) else {
      return nil
    }
    self = option
  }

  /// The option as ``/CommandLineKit/ArgumentScanner`` knows it: the global ones are the shared
  /// ``/CommandLineKit/OptionSpec/global``.
  var spec: OptionSpec {
    OptionSpec.global.first { $0.name == rawValue }
      ?? OptionSpec(rawValue, takesValue: takesValue)
  }

  /// Every option, for the scanner.
  static let specs = allCases.map(\.spec)

  /// Whether the option is followed by a value.
  var takesValue: Bool {
    switch self {
    case .dataDirectory, .answer, .prompt, .tag, .count, .format, .apply, .to, .server, .user,
      .keep:
      true
    case .json, .noColor, .help, .version, .skipInvalid, .status: false
    }
  }

  /// Whether the option is accepted with every subcommand, before or after its name.
  var isGlobal: Bool {
    OptionSpec.global.contains { $0.name == rawValue }
  }
}

// The named options `questions` understands, and which of them take a value.

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
  /// `--answer <text>`: the answer of a new question.
  case answer = "--answer"
  /// `--tag <tag>`: a tag to file a question under, or to filter by.
  case tag = "--tag"
  /// `--count <n>`: how many questions a quiz asks at most.
  case count = "--count"
  /// `--format <format>`: the file format of `import` and `export`, `json` or `csv`.
  case format = "--format"
  /// `--skip-invalid`: import the valid rows of a file that has invalid ones.
  case skipInvalid = "--skip-invalid"

  /// Looks up an option by its spelling on the command line, without any `=value`.
  init?(spelling: String) {
    if spelling == "-h" {
      self = .help
    } else {
      self.init(rawValue: spelling)
    }
  }

  /// Whether the option is followed by a value.
  var takesValue: Bool {
    switch self {
    case .dataDirectory, .answer, .tag, .count, .format: true
    case .json, .noColor, .help, .skipInvalid: false
    }
  }

  /// Whether the option is accepted with every subcommand, before or after its name.
  var isGlobal: Bool {
    switch self {
    case .dataDirectory, .json, .noColor, .help: true
    case .answer, .tag, .count, .format, .skipInvalid: false
    }
  }
}

// The help pages and usage lines of `questions`, laid out like swift-argument-parser's.

/// Builds the text of `questions help` and of the usage line that follows a usage error.
nonisolated enum HelpText {
  /// The usage line of the program as a whole, without the leading `Usage: `.
  static let generalUsage = "questions [--data-dir <dir>] [--json] [--no-color] [<subcommand>]"

  /// The page printed by `questions help`, `-h` or `--help`.
  static var general: String {
    let subcommands = Subcommand.allCases.map { subcommand in
      let label = subcommand == .list ? "list (default*)" : subcommand.rawValue
      return (label, subcommand.overview)
    }
    let file = DataDirectoryResolver.storeFilename
    let variable = DataDirectoryResolver.environmentVariable
    return [
      "OVERVIEW: Keep a bank of questions and their answers.",
      """
      Questions are kept in \(file) in the folder given by --data-dir,
      else $\(variable), else \(defaultFolder).
      """,
      "USAGE: \(generalUsage)",
      section("OPTIONS", globalOptionHelp),
      section("SUBCOMMANDS", subcommands)
        + "\n\n  See 'questions help <subcommand>' for detailed help.",
      """
      * With no subcommand, at a terminal (both standard input and output), questions opens
        its full-screen mode: browse, search, add, edit and delete questions, take quizzes and
        see statistics. Press ? there for its keys. Anywhere else it runs list.
      """,
    ].joined(separator: "\n\n") + "\n"
  }

  /// The page printed by `questions help <subcommand>` or `questions <subcommand> --help`.
  static func page(for subcommand: Subcommand) -> String {
    var parts = ["OVERVIEW: \(subcommand.overview)", "USAGE: \(subcommand.usage)"]
    if !subcommand.arguments.isEmpty {
      parts.append(section("ARGUMENTS", subcommand.arguments))
    }
    parts.append(section("OPTIONS", subcommand.optionHelp + globalOptionHelp))
    if subcommand == .quiz {
      parts.append(
        """
        Each question waits for Enter, shows the answer, then asks y or n. Typing y or n
        instead of Enter grades at once, so answers from a pipe take one line per question:
          printf 'y\\nn\\ny\\n' | questions quiz --count 3
        """)
    }
    return parts.joined(separator: "\n\n") + "\n"
  }

  /// `Usage: ...` for `subcommand`, or for the program when it is `nil`.
  static func usageLine(for subcommand: Subcommand?) -> String {
    "Usage: \(subcommand?.usage ?? generalUsage)"
  }

  /// Where to read more, for the lines that follow a usage error.
  static func moreHelpLine(for subcommand: Subcommand?) -> String {
    let command = ["questions", "help", subcommand?.rawValue].compactMap(\.self)
    return "Run '\(command.joined(separator: " "))' for more information."
  }

  #if canImport(Darwin)
    private static let defaultFolder = "~/Library/Application Support/questions"
  #else
    private static let defaultFolder = "$XDG_DATA_HOME/questions or ~/.local/share/questions"
  #endif

  private static let globalOptionHelp: [(label: String, description: String)] = [
    (
      "--data-dir <dir>",
      "The folder holding \(DataDirectoryResolver.storeFilename);"
        + " overrides $\(DataDirectoryResolver.environmentVariable)."
    ),
    ("--json", "Print JSON instead of text."),
    ("--no-color", "Never colour the output (also NO_COLOR=1 or TERM=dumb)."),
    ("-h, --help", "Show help information."),
  ]

  private static let labelWidth = 24

  /// A header line followed by one indented line per entry, descriptions in a column.
  private static func section(
    _ header: String, _ entries: [(label: String, description: String)]
  ) -> String {
    let lines = entries.map { entry in
      let label = "  " + entry.label
      if label.count < labelWidth {
        return label + String(repeating: " ", count: labelWidth - label.count) + entry.description
      }
      return label + "\n" + String(repeating: " ", count: labelWidth) + entry.description
    }
    return ([header + ":"] + lines).joined(separator: "\n")
  }
}

// The one layout of every help page: OVERVIEW, USAGE, then sections of labels and descriptions in a column.

/// Lays out help pages as swift-argument-parser does, for every tool built on this module.
///
/// ```
/// OVERVIEW: Keep recipes and what they need.
///
/// USAGE: recipes [--data-dir <dir>] [--json] [--no-color] [<subcommand>]
///
/// OPTIONS:
///   --data-dir <dir>      The folder holding recipes.json; overrides $RECIPES_DATA_DIR.
/// ```
public enum HelpLayout {
  /// One line of a section: a label such as `--tag <tag>` and what it does.
  public typealias Entry = (label: String, description: String)

  /// The column descriptions start at; a longer label puts its description on the next line.
  public static let labelWidth = 24

  /// The parts of a page joined by blank lines, ending in a line break.
  public static func page(_ parts: [String]) -> String {
    parts.joined(separator: "\n\n") + "\n"
  }

  /// `OVERVIEW: <text>`.
  public static func overview(_ text: String) -> String {
    "OVERVIEW: \(text)"
  }

  /// `USAGE: <usage>`.
  public static func usage(_ usage: String) -> String {
    "USAGE: \(usage)"
  }

  /// A header line followed by one indented line per entry, descriptions in a column.
  public static func section(_ header: String, _ entries: [Entry]) -> String {
    let lines = entries.map { entry in
      let label = "  " + entry.label
      if label.count < labelWidth {
        return label + String(repeating: " ", count: labelWidth - label.count) + entry.description
      }
      return label + "\n" + String(repeating: " ", count: labelWidth) + entry.description
    }
    return ([header + ":"] + lines).joined(separator: "\n")
  }

  /// The help page of one command of the tool called `tool`: its overview, its usage line,
  /// its arguments, its options followed by the global ones, and its note.
  ///
  /// Every tool prints `tool help <command>`, `tool <command> --help` and `-h` with this
  /// page, so their layouts cannot differ.
  public static func commandPage(
    _ command: CommandSpec, tool: String, globalOptions: [Entry]
  ) -> String {
    var parts = [overview(command.overview), usage("\(tool) \(command.usage)")]
    if !command.arguments.isEmpty {
      parts.append(section("ARGUMENTS", command.arguments))
    }
    parts.append(section("OPTIONS", command.optionHelp + globalOptions))
    if let note = command.note { parts.append(note) }
    return page(parts)
  }

  /// The usage line of a tool's global options: `[--data-dir <dir>] [--json] [--no-color]`.
  public static let globalUsage = "[--data-dir <dir>] [--json] [--no-color]"

  /// The entries of the options in ``OptionSpec/global``, for a tool whose data folder holds
  /// `stores` (`recipes.json`) and whose variable `environmentVariable` names it.
  public static func globalOptions(stores: String, dataFolder: DataFolder) -> [Entry] {
    [
      (
        "--data-dir <dir>",
        "The folder holding \(stores); overrides $\(dataFolder.environmentVariable)."
      ),
      ("--json", "Print JSON instead of text."),
      ("--no-color", "Never colour the output (also NO_COLOR=1 or TERM=dumb)."),
      ("--version", "Show the version."),
      ("-h, --help", "Show help information."),
    ]
  }

  /// Which folder holds the stores, for the top of the general help page.
  public static func dataFolderNote(_ dataFolder: DataFolder) -> String {
    """
    The data folder is the one given by --data-dir, else $\(dataFolder.environmentVariable),
    else \(dataFolder.defaultDescription).
    """
  }

  /// The closing section of every general page: what each exit status means.
  public static let exitStatuses = section(
    "EXIT STATUS",
    [
      ("0", "Success."),
      ("1", "A runtime error: the message on standard error names the file and the reason."),
      ("64", "A usage error: the command line was wrong."),
    ])
}

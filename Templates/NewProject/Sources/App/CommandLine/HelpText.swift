// The text `__EXECUTABLE__ help` prints, put together from every model's commands.

/// The help page of `__EXECUTABLE__`.
enum HelpText {
  /// The version `__EXECUTABLE__ --version` prints.
  static let version = "0.1.0"

  /// The whole page, ending in a line break.
  static var page: String {
    var lines = [
      "Usage: __EXECUTABLE__ [--data-dir DIR] [--json] [group] <command> [arguments]",
      "",
      "With no command at a terminal, opens the full-screen app.",
    ]
    for commands in CommandGroups.all {
      let prefix = commands.group.map { $0 + " " } ?? ""
      lines += ["", commands.group.map { "Commands on \($0):" } ?? "Commands:"]
      for (usage, summary) in commands.help {
        let typed = prefix + usage
        lines.append("  " + typed)
        lines.append("      " + summary)
      }
    }
    lines += [
      "", "Other commands:", "  help", "      show this help", "",
      "Options:",
      "  --data-dir DIR   the folder of the stores (default: $\(DataDirectoryResolver.environmentVariable),",
      "                   else the platform's data folder)",
      "  --json           print JSON in the on-disk shape instead of text",
      "  --version        print the version", "",
      "Exit codes: 0 success, 1 a runtime error, 64 a usage error.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}

// The help page of `__EXECUTABLE__`, put together from every model's commands in the shared layout.

import CommandLineKit

/// The help page of `__EXECUTABLE__`, and the usage line that follows a usage error.
enum HelpText {
  /// The usage line of the program as a whole, without the leading `Usage: `.
  static let generalUsage =
    "__EXECUTABLE__ \(HelpLayout.globalUsage) [<group>] [<subcommand>] [<arguments>]"

  /// The whole page, ending in a line break.
  static var page: String {
    var parts = [
      HelpLayout.overview(
        "__NAME__: values kept durably on disk, from the command line or a full-screen app."),
      "Each model is kept in its own file: "
        + CommandGroups.all.map { $0.storeFilename }.joined(separator: ", ") + ". "
        + HelpLayout.dataFolderNote(CommandRunner.dataFolder),
      HelpLayout.usage(generalUsage),
      HelpLayout.section(
        "OPTIONS",
        HelpLayout.globalOptions(
          stores: CommandGroups.all.map { $0.storeFilename }.joined(separator: " and "),
          dataFolder: CommandRunner.dataFolder)),
    ]
    for commands in CommandGroups.all {
      let prefix = commands.group.map { $0 + " " } ?? ""
      let header = commands.group.map { "SUBCOMMANDS OF '\($0)'" } ?? "SUBCOMMANDS"
      parts.append(
        HelpLayout.section(header, commands.help.map { (prefix + $0.usage, $0.summary) }))
    }
    parts.append(
      HelpLayout.section("OTHER SUBCOMMANDS", [("help", "Show this help.")]))
    parts.append(
      """
      With no subcommand, at a terminal (both standard input and output), __EXECUTABLE__ opens
      its full-screen app: browse, search, add, edit and delete; press ? there for its keys.
      Anywhere else it runs list.
      """)
    parts.append(HelpLayout.exitStatuses)
    return HelpLayout.page(parts)
  }

  /// The usage line of `command` (`add`, or `ingredients add`), or of the program.
  static func usage(of command: String?) -> String {
    guard let command else { return generalUsage }
    for commands in CommandGroups.all {
      let prefix = commands.group.map { $0 + " " } ?? ""
      let line = commands.help.first { line in
        command == prefix + line.usage.prefix { $0 != " " }
      }
      if let line { return "__EXECUTABLE__ " + prefix + line.usage }
    }
    return generalUsage
  }
}

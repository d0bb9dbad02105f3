// The help pages of `__EXECUTABLE__`, put together from every model's commands in the shared layout.

import CommandLineKit

/// The general help page of `__EXECUTABLE__`, each command's page, and the usage line that
/// follows a usage error, in the layout of the shared ``HelpLayout``, which every tool built
/// on `CommandLineKit` prints.
enum HelpText {
  /// The usage line of the program as a whole, without the leading `Usage: `.
  static let generalUsage =
    "__EXECUTABLE__ \(HelpLayout.globalUsage) [<group>] [<subcommand>] [<arguments>]"

  /// What `__EXECUTABLE__ help`, `-h` or `--help` prints, ending in a line break.
  static var page: String {
    var parts = [
      HelpLayout.overview(
        "Keep " + ListFormat.and(CommandGroups.all.map { $0.plural })
          + " on disk, from the command line or a full-screen app."),
      "Each model is kept in its own file: "
        + CommandGroups.all.map { $0.storeFilename }.joined(separator: ", ") + ". "
        + HelpLayout.dataFolderNote(CommandRunner.dataFolder),
      HelpLayout.usage(generalUsage),
      HelpLayout.section("OPTIONS", globalOptions),
    ]
    for commands in CommandGroups.all {
      let header = commands.group.map { "SUBCOMMANDS OF '\($0)'" } ?? "SUBCOMMANDS"
      parts.append(HelpLayout.section(header, commands.specs.map { ($0.usage, $0.overview) }))
    }
    let help = CommandSpec.help(tool: CommandRunner.tool.name)
    let sync = SyncCommands.spec
    parts.append(
      HelpLayout.section(
        "OTHER SUBCOMMANDS", [(sync.usage, sync.overview), (help.usage, help.overview)])
        + "\n\n  See '__EXECUTABLE__ help <subcommand>' for detailed help.")
    parts.append(
      """
      With no subcommand, at a terminal (both standard input and output), __EXECUTABLE__ opens
      its full-screen app: browse, search, add, edit and delete; press ? there for its keys.
      Anywhere else it runs list.
      """)
    parts.append(HelpLayout.exitStatuses)
    return HelpLayout.page(parts)
  }

  /// What `__EXECUTABLE__ help add`, `add --help` and `add -h` print: the page of the command
  /// `path` names, or the general page when it names none.
  static func page(for path: [String]?) -> String {
    guard let path, let command = CommandGroups.parser.command(path) else { return page }
    return HelpLayout.commandPage(
      command, tool: CommandRunner.tool.name, globalOptions: globalOptions)
  }

  /// The usage line of the command `name` (`add`, or `ingredients add`), or of the program.
  static func usage(of name: String?) -> String {
    let command = name.flatMap { name in
      CommandGroups.parser.commands.first { $0.name == name }
    }
    return command.map { "__EXECUTABLE__ " + $0.usage } ?? generalUsage
  }

  /// `a`, `a and b`, `a, b and c`.
  private enum ListFormat {
    static func and(_ words: [String]) -> String {
      guard let last = words.last, words.count > 1 else { return words.first ?? "" }
      return words.dropLast().joined(separator: ", ") + " and " + last
    }
  }

  /// The global options, as every page lists them.
  private static var globalOptions: [HelpLayout.Entry] {
    HelpLayout.globalOptions(
      stores: CommandGroups.all.map { $0.storeFilename }.joined(separator: " and "),
      dataFolder: CommandRunner.dataFolder)
  }
}

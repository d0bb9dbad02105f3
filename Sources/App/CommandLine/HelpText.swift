// The help pages and usage lines of `questions`, in the layout every tool built on `CommandLineKit` shares.

import CommandLineKit

/// Builds the text of `questions help` and of the usage line that follows a usage error.
nonisolated enum HelpText {
  /// The usage line of the program as a whole, without the leading `Usage: `.
  static let generalUsage = "questions \(HelpLayout.globalUsage) [<subcommand>]"

  /// The page printed by `questions help`, `-h` or `--help`.
  static var general: String {
    let subcommands = Subcommand.allCases.map { subcommand in
      let label = subcommand == .list ? "list (default*)" : subcommand.rawValue
      return (label, subcommand.overview)
    }
    return HelpLayout.page([
      HelpLayout.overview("Keep a bank of questions and their answers."),
      "Questions are kept in \(DataDirectoryResolver.storeFilename). "
        + HelpLayout.dataFolderNote(DataDirectoryResolver.folder),
      HelpLayout.usage(generalUsage),
      HelpLayout.section("OPTIONS", globalOptionHelp),
      HelpLayout.section("SUBCOMMANDS", subcommands)
        + "\n\n  See 'questions help <subcommand>' for detailed help.",
      """
      * With no subcommand, at a terminal (both standard input and output), questions opens
        its full-screen mode: browse, search, add, edit and delete questions, take quizzes and
        see statistics. Press ? there for its keys. Anywhere else it runs list.
      """,
      HelpLayout.exitStatuses,
    ])
  }

  /// The page printed by `questions help <subcommand>` or `questions <subcommand> --help`,
  /// laid out by the shared ``/CommandLineKit/HelpLayout/commandPage(_:tool:globalOptions:)``.
  static func page(for subcommand: Subcommand) -> String {
    HelpLayout.commandPage(subcommand.spec, tool: "questions", globalOptions: globalOptionHelp)
  }

  private static let globalOptionHelp = HelpLayout.globalOptions(
    stores: DataDirectoryResolver.storeFilename, dataFolder: DataDirectoryResolver.folder)
}

// One command of a tool, as its parser and its help page both know it.

/// A command such as `add`, or `ingredients add` under a group word: the words that name it,
/// the options it takes, and what its help page says.
///
/// A tool lists its commands once; ``CommandLineParser`` reads the command line against that
/// list and ``HelpLayout/commandPage(_:tool:globalOptions:)`` prints each one's page, so what
/// the parser accepts and what the help shows cannot drift apart.
public struct CommandSpec: Sendable {
  /// The words that name the command: `["add"]`, or `["ingredients", "add"]`.
  public var path: [String]
  /// One line saying what it does.
  public var overview: String
  /// How to type it, after the tool's name: `add <title> [--notes <text>]`.
  public var usage: String
  /// Its positional arguments, as help lists them: `("<id>", "The value's id ...")`.
  public var arguments: [HelpLayout.Entry]
  /// The options it takes besides the global ones.
  public var options: [OptionSpec]
  /// Its options as help lists them, in the order shown.
  public var optionHelp: [HelpLayout.Entry]
  /// A paragraph after the options, or `nil`.
  public var note: String?

  /// A command named by `path`.
  public init(
    path: [String], overview: String, usage: String, arguments: [HelpLayout.Entry] = [],
    options: [OptionSpec] = [], optionHelp: [HelpLayout.Entry] = [], note: String? = nil
  ) {
    self.path = path
    self.overview = overview
    self.usage = usage
    self.arguments = arguments
    self.options = options
    self.optionHelp = optionHelp
    self.note = note
  }

  /// The command's words joined by spaces: `ingredients add`.
  public var name: String { path.joined(separator: " ") }

  /// The word that asks for help, as a command: `help [<subcommand>]`.
  public static let helpWord = "help"

  /// The `help` command every tool built on this module has, worded for `tool`.
  public static func help(tool: String) -> CommandSpec {
    CommandSpec(
      path: [helpWord], overview: "Show help for \(tool) or one of its subcommands.",
      usage: "help [<subcommand>]",
      arguments: [("<subcommand>", "The subcommand to describe.")])
  }
}

// The one parser of every tool: which command a line names, its help, and the first mistake typed.

import CommandLineKit
import Testing

/// A tool shaped like a generated app with two models: bare commands for the first, a group
/// word (`authors`) for the second, and `help`.
@Suite struct CommandLineParserTests {
  static let tag = OptionSpec("--tag", takesValue: true)
  static let notes = OptionSpec("--notes", takesValue: true)
  static let parser = CommandLineParser(commands: [
    CommandSpec(path: ["add"], overview: "Add one.", usage: "add <title>", options: [notes, tag]),
    CommandSpec(path: ["list"], overview: "List them.", usage: "list", options: [tag]),
    CommandSpec(path: ["show"], overview: "Show one.", usage: "show <id>"),
    CommandSpec(path: ["authors", "add"], overview: "Add one.", usage: "authors add <title>"),
    CommandSpec(path: ["authors", "list"], overview: "List them.", usage: "authors list"),
    CommandSpec.help(tool: "shelf"),
  ])

  static let good: [([String], ParsedCommandLine)] = [
    ([], ParsedCommandLine()),
    (["list"], ParsedCommandLine(command: ["list"])),
    (["--tag", "x", "list"], ParsedCommandLine(command: ["list"], values: ["--tag": ["x"]])),
    (
      ["add", "Dune", "--tag=a", "--tag", "b", "--json"],
      ParsedCommandLine(
        command: ["add"], positionals: ["Dune"], values: ["--tag": ["a", "b"]], flags: ["--json"])
    ),
    (
      ["add", "--", "--tag"], ParsedCommandLine(command: ["add"], positionals: ["--tag"])
    ),
    (
      ["authors", "add", "Le Guin"],
      ParsedCommandLine(command: ["authors", "add"], positionals: ["Le Guin"])
    ),
    (
      ["--data-dir", "/d", "authors", "list"],
      ParsedCommandLine(command: ["authors", "list"], values: ["--data-dir": ["/d"]])
    ),
    // Help, about the command named if any; it wins over every other problem.
    (["help"], ParsedCommandLine(asksForHelp: true)),
    (["-h"], ParsedCommandLine(asksForHelp: true)),
    (["help", "add"], ParsedCommandLine(command: ["add"], asksForHelp: true)),
    (["add", "--help"], ParsedCommandLine(command: ["add"], asksForHelp: true)),
    (["add", "Dune", "--bogus", "-h"], ParsedCommandLine(command: ["add"], asksForHelp: true)),
    (
      ["help", "authors", "add"], ParsedCommandLine(command: ["authors", "add"], asksForHelp: true)
    ),
    (["authors", "add", "-h"], ParsedCommandLine(command: ["authors", "add"], asksForHelp: true)),
    (["authors", "-h"], ParsedCommandLine(asksForHelp: true)),
    (["bogus", "-h"], ParsedCommandLine(asksForHelp: true)),
    (["help", "-h"], ParsedCommandLine(command: ["help"], asksForHelp: true)),
  ]

  @Test(arguments: good)
  func readsAGoodLine(arguments: [String], expected: ParsedCommandLine) throws {
    #expect(try Self.parser.parse(arguments) == expected)
  }

  static let bad: [([String], CommandLineError)] = [
    (
      ["lst"],
      CommandLineError(
        .unknownSubcommand("lst", subcommands: ["add", "list", "show", "authors", "help"]),
        command: nil)
    ),
    // The mistyped option came first: its value is not taken for a command.
    (
      ["--datadir", "/tmp", "list"],
      CommandLineError(
        .unknownOption("--datadir", candidates: OptionSpec.global.map(\.name)), command: nil)
    ),
    (
      ["--jsno", "authors", "ad"],
      CommandLineError(
        .unknownOption("--jsno", candidates: OptionSpec.global.map(\.name)), command: nil)
    ),
    // After the command, with or without its value: the command's options are the candidates.
    (
      ["add", "Dune", "--tga", "x"],
      CommandLineError(
        .unknownOption("--tga", candidates: OptionSpec.global.map(\.name) + ["--notes", "--tag"]),
        command: ["add"])
    ),
    (
      ["add", "--tga=x", "Dune"],
      CommandLineError(
        .unknownOption("--tga", candidates: OptionSpec.global.map(\.name) + ["--notes", "--tag"]),
        command: ["add"])
    ),
    (
      ["show", "x", "--tag", "y"],
      CommandLineError(.optionNotApplicable("--tag", subcommand: "show"), command: ["show"])
    ),
    (
      ["--tag", "y"],
      CommandLineError(
        .unknownOption("--tag", candidates: OptionSpec.global.map(\.name)), command: nil)
    ),
    (
      ["authors"],
      CommandLineError(
        .missingSubcommand(group: "authors", subcommands: ["add", "list"]), command: nil)
    ),
    (
      ["authors", "lst"],
      CommandLineError(.unknownSubcommand("lst", subcommands: ["add", "list"]), command: nil)
    ),
    (["add", "--tag"], CommandLineError(.missingValue(option: "--tag"), command: ["add"])),
    (
      ["list", "--json=1"], CommandLineError(.unexpectedValue(option: "--json"), command: ["list"])
    ),
    (
      ["--data-dir", "a", "list", "--data-dir=b"],
      CommandLineError(.repeatedOption("--data-dir"), command: ["list"])
    ),
    (["--data-dir", " ", "list"], CommandLineError(.blankValue("--data-dir"), command: ["list"])),
    (["--", "list"], CommandLineError(.unexpectedArgument("list"), command: nil)),
    (
      ["help", "bogus"],
      CommandLineError(
        .unknownSubcommand("bogus", subcommands: ["add", "list", "show", "authors", "help"]),
        command: ["help"])
    ),
    (["help", "add", "list"], CommandLineError(.unexpectedArgument("list"), command: ["help"])),
    (
      ["help", "authors", "lst"],
      CommandLineError(.unknownSubcommand("lst", subcommands: ["add", "list"]), command: ["help"])
    ),
  ]

  @Test(arguments: bad)
  func reportsTheFirstMistakeTyped(arguments: [String], expected: CommandLineError) {
    #expect(throws: expected) { try Self.parser.parse(arguments) }
  }

  /// The sentences a person reads for the two mistakes the issue met.
  @Test func aMistypedOptionIsSuggestedWhetherOrNotAValueFollows() throws {
    for arguments in [["--datadir", "/tmp", "list"], ["add", "Dune", "--tga", "x"]] {
      do {
        _ = try Self.parser.parse(arguments)
        Issue.record("\(arguments) was accepted")
      } catch {
        #expect(error.usage.sentence.contains("did you mean '--"), "\(error.usage.sentence)")
      }
    }
  }

  /// Every command's page has one layout: overview, usage with the tool's name, arguments,
  /// the command's options then the global ones, and its note.
  @Test func aCommandsPageHasTheSharedLayout() {
    let spec = CommandSpec(
      path: ["add"], overview: "Add one.", usage: "add <title> [--tag <tag>]...",
      arguments: [("<title>", "Its title.")], options: [Self.tag],
      optionHelp: [("--tag <tag>", "A tag.")], note: "A note.")
    let page = HelpLayout.commandPage(
      spec, tool: "shelf", globalOptions: [("--json", "Print JSON instead of text.")])
    #expect(
      page == """
        OVERVIEW: Add one.

        USAGE: shelf add <title> [--tag <tag>]...

        ARGUMENTS:
          <title>               Its title.

        OPTIONS:
          --tag <tag>           A tag.
          --json                Print JSON instead of text.

        A note.

        """)
  }
}

// One wording for every wrong command line, every tool's name in its messages, and the exit statuses.

import CommandLineKit
import Foundation
import Testing

@Suite struct UsageWordingTests {
  @Test(arguments: [
    (
      UsageError.unknownSubcommand("lst", subcommands: ["add", "list"]),
      "Unknown subcommand 'lst'; did you mean 'list'? The subcommands are: add, list."
    ),
    (
      .unknownSubcommand("frobnicate", subcommands: ["add", "list"]),
      "Unknown subcommand 'frobnicate'. The subcommands are: add, list."
    ),
    (
      .unknownOption("--jsn", candidates: ["--json", "--tag"]),
      "Unknown option '--jsn'; did you mean '--json'?"
    ),
    (
      .optionNotApplicable("--tag", subcommand: "show"),
      "The option '--tag' does not apply to 'show'."
    ),
    (.missingArgument("<id>"), "Missing argument '<id>'."),
    (
      .malformedID("xyz", noun: "ingredient"),
      "'xyz' is not an ingredient id: give the full id or at least 4 of its first hex digits."
    ),
    (
      .malformedID("xyz", noun: "recipe"),
      "'xyz' is not a recipe id: give the full id or at least 4 of its first hex digits."
    ),
  ])
  func sentences(error: UsageError, expected: String) {
    #expect(error.sentence == expected)
  }

  @Test(arguments: [
    ("Ingredient", "an"), ("ingredient", "an"), ("Recipe", "a"), ("Item", "an"), ("id", "an"),
    ("Unicorn", "a"), ("Umbrella", "an"), ("Hour", "an"), ("House", "a"), ("X", "an"),
    ("N2", "an"), ("Y", "a"), ("Euro", "a"), ("Onion", "an"), ("OneOff", "a"),
  ])
  func articles(noun: String, article: String) {
    #expect(Article.indefinite(for: noun) == article)
  }

  @Test func errorReportsNameTheToolAndPointToHelp() {
    let tool = CommandLineTool(name: "recipes", version: "0.1.0")
    #expect(tool.versionLine == "recipes 0.1.0\n")
    #expect(
      tool.errorReport("Missing argument '<id>'.", usage: "recipes show <id>", helpTopic: "show")
        == """
        recipes: error: Missing argument '<id>'.
        Usage: recipes show <id>
        Run 'recipes help show' for more information.

        """)
    #expect(tool.errorReport("a\u{1B}]0;x\u{07}b") == "recipes: error: a\u{FFFD}]0;x\u{FFFD}b\n")
    #expect(tool.warning("w\u{9B}") == "recipes: warning: w\u{FFFD}\n")
  }

  final class Failing: Console {
    var errors = ""
    let writeFailure: ConsoleWriteFailure?
    init(_ failure: ConsoleWriteFailure?) { writeFailure = failure }
    func writeOutput(_ text: String) {}
    func writeError(_ text: String) { errors += text }
    func readLine() -> String? { nil }
  }

  @Test func aFailedWriteMakesTheRunFailAndSaysSoUnlessThePipeClosed() {
    let tool = CommandLineTool(name: "recipes", version: "0.1.0")
    let full = Failing(ConsoleWriteFailure(stream: .output, reason: "No space left on device"))
    #expect(tool.finish(ExitCode.success, console: full) == ExitCode.failure)
    #expect(full.errors.contains("Cannot write to standard output: No space left on device"))
    let closed = Failing(
      ConsoleWriteFailure(stream: .output, reason: "Broken pipe", isClosedPipe: true))
    #expect(tool.finish(ExitCode.success, console: closed) == ExitCode.failure)
    #expect(closed.errors.isEmpty)
    #expect(tool.finish(ExitCode.usage, console: full) == ExitCode.usage)
    #expect(tool.finish(ExitCode.success, console: Failing(nil)) == ExitCode.success)
  }

  @Test func helpSectionsLineUpInOneColumn() {
    let section = HelpLayout.section(
      "OPTIONS", [("--tag <tag>", "A tag."), ("--a-very-long-option <value>", "Long.")])
    #expect(
      section
        == "OPTIONS:\n  --tag <tag>           A tag.\n  --a-very-long-option <value>\n                        Long."
    )
    let folder = DataFolder(appName: "recipes", environmentVariable: "RECIPES_DATA_DIR") {
      appName, _ in URL(fileURLWithPath: "/data/" + appName)
    }
    let labels = HelpLayout.globalOptions(stores: "recipes.json", dataFolder: folder).map(\.label)
    #expect(labels == ["--data-dir <dir>", "--json", "--no-color", "--version", "-h, --help"])
  }
}

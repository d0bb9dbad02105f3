// The layout of the help pages and of the usage lines printed after a usage error.

import Testing

@testable import App

@Suite struct HelpTextTests {
  /// The lines of `text` that end with `:` and start a section, in order.
  func headers(_ text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      guard let colon = line.firstIndex(of: ":"), line.first?.isUppercase == true else {
        return nil
      }
      let header = line[..<colon]
      return header.allSatisfy(\.isUppercase) ? String(header) : nil
    }
  }

  @Test func generalHelpHasTheUsualSections() {
    let help = HelpText.general
    #expect(headers(help) == ["OVERVIEW", "USAGE", "OPTIONS", "SUBCOMMANDS"])
    #expect(
      help.contains("USAGE: questions [--data-dir <dir>] [--json] [--no-color] [<subcommand>]"))
    for subcommand in Subcommand.allCases {
      #expect(help.contains("\n  \(subcommand.rawValue) "), "\(subcommand) is not listed")
    }
    for option in ["--data-dir <dir>", "--json", "--no-color", "-h, --help"] {
      #expect(help.contains("\n  \(option) "), "\(option) is not listed")
    }
    #expect(help.hasSuffix("\n"))
  }

  @Test(arguments: Subcommand.allCases)
  func subcommandHelpHasItsSections(subcommand: Subcommand) {
    let page = HelpText.page(for: subcommand)
    let expected =
      subcommand.arguments.isEmpty
      ? ["OVERVIEW", "USAGE", "OPTIONS"] : ["OVERVIEW", "USAGE", "ARGUMENTS", "OPTIONS"]
    #expect(headers(page) == expected)
    #expect(page.contains("USAGE: \(subcommand.usage)\n"))
    #expect(page.contains("--json"))
  }

  @Test func addHelpDescribesItsArgumentsAndOptions() {
    let page = HelpText.page(for: .add)
    #expect(page.contains("\n  <prompt> "))
    #expect(page.contains("\n  --answer <text> "))
    #expect(page.contains("\n  --tag <tag> "))
  }

  /// The two lines after a usage error's sentence, as a run prints them: the usage of the
  /// subcommand the command line named (of the program, when it named none), and where to
  /// read more.
  @Test(arguments: [
    (["add", "Q?"], "Usage: questions add <prompt> --answer <text> [--tag <tag>]...", "help add"),
    (["list", "--tag"], "Usage: questions list [--tag <tag>]", "help list"),
    (["show"], "Usage: questions show <id>", "help show"),
    (["delete"], "Usage: questions delete <id>", "help delete"),
    (["search"], "Usage: questions search <text>...", "help search"),
    (
      ["--bogus"], "Usage: questions [--data-dir <dir>] [--json] [--no-color] [<subcommand>]",
      "help"
    ),
  ])
  @MainActor
  func aUsageErrorEndsWithTheUsageLineAndWhereToReadMore(
    arguments: [String], usage: String, help: String
  ) async {
    let result = await RunnerHarness().run(arguments)
    #expect(result.status == 64)
    let lines = result.errors.split(separator: "\n").map(String.init)
    #expect(lines.dropFirst() == [usage, "Run 'questions \(help)' for more information."])
  }
}

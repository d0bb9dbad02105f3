// How words become options and arguments before any command's rules apply.

import CommandLineKit
import Testing

@Suite struct ArgumentScannerTests {
  static let options = OptionSpec.global + [OptionSpec("--tag", takesValue: true)]

  static let cases: [([String], [ArgumentToken])] = [
    (["--tag", "x"], [.option("--tag", value: "x", spelling: "--tag")]),
    (["--tag=x=y"], [.option("--tag", value: "x=y", spelling: "--tag")]),
    (["--tag="], [.option("--tag", value: "", spelling: "--tag")]),
    (["--tag", "-x"], [.option("--tag", value: nil, spelling: "--tag"), .unknownOption("-x")]),
    (["--tag"], [.option("--tag", value: nil, spelling: "--tag")]),
    (["-h"], [.option("--help", value: nil, spelling: "-h")]),
    (["--version"], [.option("--version", value: nil, spelling: "--version")]),
    (
      ["--json", "a"],
      [.option("--json", value: nil, spelling: "--json"), .argument("a", afterTerminator: false)]
    ),
    (["-"], [.argument("-", afterTerminator: false)]),
    (
      ["a", "--", "--json", "--"],
      [
        .argument("a", afterTerminator: false), .argument("--json", afterTerminator: true),
        .argument("--", afterTerminator: true),
      ]
    ),
    (["--nope=1"], [.unknownOption("--nope")]),
    (
      ["--data-dir", "d", "list"],
      [
        .option("--data-dir", value: "d", spelling: "--data-dir"),
        .argument("list", afterTerminator: false),
      ]
    ),
  ]

  @Test(arguments: cases)
  func classifiesWords(arguments: [String], expected: [ArgumentToken]) {
    #expect(ArgumentScanner.scan(arguments, options: Self.options) == expected)
  }

  @Test func theFirstArgumentBeforeTheTerminatorLeads() {
    let tokens = ArgumentScanner.scan(["--json", "list", "x"], options: Self.options)
    #expect(tokens.compactMap(\.leadingArgument) == ["list", "x"])
    #expect(tokens[0].isOption("--json"))
  }

  @Test(arguments: [
    (["--version"], true), (["list", "--version"], true), (["--version", "--help"], false),
    (["-h", "--version"], false), (["--", "--version"], false), (["list"], false),
  ])
  func versionIsAskedForBeforeTheTerminatorAndLosesToHelp(arguments: [String], asks: Bool) {
    #expect(CommandLineTool.asksForVersion(arguments) == asks)
  }
}

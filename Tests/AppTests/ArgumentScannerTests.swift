// How words become options and arguments before any subcommand rules apply.

import Testing

@testable import App

@Suite struct ArgumentScannerTests {
  static let cases: [([String], [ArgumentToken])] = [
    (["--tag", "x"], [.option(.tag, value: "x", spelling: "--tag")]),
    (["--tag=x=y"], [.option(.tag, value: "x=y", spelling: "--tag")]),
    (["--tag="], [.option(.tag, value: "", spelling: "--tag")]),
    (["--tag", "-x"], [.option(.tag, value: nil, spelling: "--tag"), .unknownOption("-x")]),
    (["--tag"], [.option(.tag, value: nil, spelling: "--tag")]),
    (["-h"], [.option(.help, value: nil, spelling: "-h")]),
    (
      ["--json", "a"],
      [.option(.json, value: nil, spelling: "--json"), .argument("a", afterTerminator: false)]
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
  ]

  @Test(arguments: cases)
  func classifiesWords(arguments: [String], expected: [ArgumentToken]) {
    #expect(ArgumentScanner.scan(arguments) == expected)
  }
}

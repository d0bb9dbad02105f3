// Tables of good and bad command lines and what the parser makes of them.

import CommandLineKit
import Foundation
import Models
import Testing

@testable import App

@Suite struct InvocationParserTests {
  static let uuid = "3f2a1b4c-0000-4000-8000-000000000001"

  static let goodInvocations: [([String], Invocation)] = [
    ([], Invocation(command: nil)),
    (["--json"], Invocation(options: GlobalOptions(json: true), command: nil)),
    (["list"], Invocation(command: .list(tag: nil))),
    (["list", "--json"], Invocation(options: GlobalOptions(json: true), command: .list(tag: nil))),
    (["--json", "list"], Invocation(options: GlobalOptions(json: true), command: .list(tag: nil))),
    (
      ["--no-color", "list"],
      Invocation(options: GlobalOptions(noColor: true), command: .list(tag: nil))
    ),
    (["list", "--tag", "swift"], Invocation(command: .list(tag: "swift"))),
    (["list", "--tag=swift"], Invocation(command: .list(tag: "swift"))),
    (["list", "--tag", "  swift "], Invocation(command: .list(tag: "swift"))),
    (["--tag", "swift", "list"], Invocation(command: .list(tag: "swift"))),
    (
      ["--data-dir", "/x", "list"],
      Invocation(options: GlobalOptions(dataDirectory: "/x"), command: .list(tag: nil))
    ),
    (
      ["list", "--data-dir=rel/dir"],
      Invocation(options: GlobalOptions(dataDirectory: "rel/dir"), command: .list(tag: nil))
    ),
    (
      ["add", "Q?", "--answer", "A"], Invocation(command: .add(prompt: "Q?", answer: "A", tags: []))
    ),
    (
      ["add", "--answer", "A", "Q?"], Invocation(command: .add(prompt: "Q?", answer: "A", tags: []))
    ),
    (
      ["add", "Q?", "--answer=-5"], Invocation(command: .add(prompt: "Q?", answer: "-5", tags: []))
    ),
    (
      ["add", "Q?", "--answer=A", "--tag", "a", "--tag", " b ", "--tag=A"],
      Invocation(command: .add(prompt: "Q?", answer: "A", tags: ["a", "b"]))
    ),
    (
      ["add", "--answer", "A", "--", "-starts with a dash"],
      Invocation(command: .add(prompt: "-starts with a dash", answer: "A", tags: []))
    ),
    (
      ["add", "--answer", "A", "--", "--json"],
      Invocation(command: .add(prompt: "--json", answer: "A", tags: []))
    ),
    (["add", "-", "--answer", "A"], Invocation(command: .add(prompt: "-", answer: "A", tags: []))),
    (["search", "actor", "isolation"], Invocation(command: .search("actor isolation"))),
    (["search", "--", "-x"], Invocation(command: .search("-x"))),
    (["show", "3f2a"], Invocation(command: .show(.prefix("3F2A", typed: "3f2a")))),
    (["show", uuid.uppercased()], Invocation(command: .show(.id(Fixtures.uuid(uuid))))),
    (["delete", uuid], Invocation(command: .delete(.id(Fixtures.uuid(uuid))))),
    (["help"], Invocation(command: .help(nil))),
    (["help", "add"], Invocation(command: .help(.add))),
    (["-h"], Invocation(command: .help(nil))),
    (["--help"], Invocation(command: .help(nil))),
    (["add", "-h"], Invocation(command: .help(.add))),
    (["--help", "list"], Invocation(command: .help(.list))),
    (["list", "--bogus", "--help"], Invocation(command: .help(.list))),
    (["show", "not-an-id", "-h"], Invocation(command: .help(.show))),
    (["--json", "search", "x", "-h"], Invocation(command: .help(.search))),
    (["bogus", "-h"], Invocation(command: .help(nil))),
    (["help", "-h"], Invocation(command: .help(.help))),
    (["repair"], Invocation(command: .repair(apply: nil))),
    (["repair", "--apply", "f"], Invocation(command: .repair(apply: "f"))),
  ]

  @Test(arguments: goodInvocations)
  func parsesGoodInvocation(arguments: [String], expected: Invocation) throws {
    #expect(try InvocationParser.parse(arguments) == expected)
  }

  static let badInvocations: [([String], AppError)] = [
    (["bogus"], .unknownCommand("bogus")),
    (["-x"], .unknownOption("-x", subcommand: nil)),
    (["list", "--bogus"], .unknownOption("--bogus", subcommand: .list)),
    (["list", "--bogus=1"], .unknownOption("--bogus", subcommand: .list)),
    (["list", "--answer", "x"], .unknownOption("--answer", subcommand: .list)),
    (["--tag", "x"], .unknownOption("--tag", subcommand: nil)),
    (["--datadir", "/tmp", "list"], .unknownOption("--datadir", subcommand: nil)),
    (["bogus", "--datadir", "/tmp"], .unknownCommand("bogus")),
    (["list", "extra"], .unexpectedArgument("extra", subcommand: .list)),
    (["list", "--tag", "a", "--tag", "b"], .repeatedOption("--tag", subcommand: .list)),
    (["list", "--tag", " "], .blankValue("--tag", subcommand: .list)),
    (["list", "--json=yes"], .unexpectedValue(option: "--json", subcommand: .list)),
    (["add", "Q"], .missingOption("--answer <text>", subcommand: .add)),
    (["add", "--answer", "A"], .missingArgument("<prompt>", subcommand: .add)),
    (["add", "  ", "--answer", "A"], invalidContent(.emptyPrompt)),
    (["add", "Q", "--answer", " \t"], invalidContent(.emptyAnswer)),
    (["add", "", "--answer", ""], invalidContent(.emptyPrompt, .emptyAnswer)),
    (
      ["add", String(repeating: "p", count: 1_001), "--answer", "A"],
      invalidContent(.promptTooLong(length: 1_001))
    ),
    (["add", "Q", "--answer"], .missingValue(option: "--answer", subcommand: .add)),
    (["add", "Q", "--answer", "--json"], .missingValue(option: "--answer", subcommand: .add)),
    (["add", "Q", "R", "--answer", "A"], .unexpectedArgument("R", subcommand: .add)),
    (["add", "Q", "--answer", "A", "--tag", " "], .blankValue("--tag", subcommand: .add)),
    (["add", "Q", "--answer=A", "--answer=B"], .repeatedOption("--answer", subcommand: .add)),
    (
      ["add", "--answer", "A", "--", "Q", "--tag", "x"],
      .unexpectedArgument("--tag", subcommand: .add)
    ),
    (["show"], .missingArgument("<id>", subcommand: .show)),
    (["show", "xyz!"], .malformedID("xyz!", subcommand: .show)),
    (["show", "3f2"], .malformedID("3f2", subcommand: .show)),
    (
      ["delete", "3f2a1b4c-0000-4000-8000-0000000000012"],
      .malformedID("3f2a1b4c-0000-4000-8000-0000000000012", subcommand: .delete)
    ),
    (["delete", "3f2a", "extra"], .unexpectedArgument("extra", subcommand: .delete)),
    (["search"], .missingArgument("<text>", subcommand: .search)),
    (["search", " "], .blankValue("<text>", subcommand: .search)),
    (["help", "bogus"], .unknownCommand("bogus")),
    (["help", "add", "list"], .unexpectedArgument("list", subcommand: .help)),
    (["--data-dir"], .missingValue(option: "--data-dir", subcommand: nil)),
    (["--data-dir="], .blankValue("--data-dir", subcommand: nil)),
    (["--data-dir", "", "list"], .blankValue("--data-dir", subcommand: .list)),
    (
      ["--data-dir", "a", "list", "--data-dir", "b"],
      .repeatedOption("--data-dir", subcommand: .list)
    ),
    (["--", "list"], .unexpectedArgument("list", subcommand: nil)),
    (["--", "-h"], .unexpectedArgument("-h", subcommand: nil)),
    (["repair", "--apply", ""], .blankValue("--apply", subcommand: .repair)),
    (["repair", "--apply"], .missingValue(option: "--apply", subcommand: .repair)),
    (["list", "--apply", "f"], .unknownOption("--apply", subcommand: .list)),
  ]

  /// The usage error of `add` for content that breaks `problems`.
  static func invalidContent(_ problems: QuestionContentProblem...) -> AppError {
    .invalidContent(QuestionContentError(problems: problems), subcommand: .add)
  }

  @Test(arguments: badInvocations)
  func rejectsBadInvocationAsUsageError(arguments: [String], expected: AppError) {
    #expect(throws: expected) { try InvocationParser.parse(arguments) }
    #expect(expected.isUsageError)
    #expect(expected.exitCode == 64)
  }
}

extension Command {
  /// `add` with a prompt, answer and tags that a test table knows to follow the rules,
  /// cleaned as the parser cleans them.
  fileprivate static func add(prompt: String, answer: String, tags: [String]) -> Command {
    guard let content = try? QuestionContent(prompt: prompt, answer: answer, tags: tags) else {
      preconditionFailure("\(prompt) / \(answer) / \(tags) breaks a content rule")
    }
    return .add(content)
  }
}

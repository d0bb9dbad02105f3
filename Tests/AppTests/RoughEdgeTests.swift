// Rough edges a new user meets: suggestions for typos, --version, sample twice, export formats.

import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Testing
import ViewModels

@testable import App

@MainActor
@Suite struct RoughEdgeTests {
  @Test func anUnknownSubcommandSuggestsTheNearestAndListsThemAll() async {
    let result = await RunnerHarness().run(["lsit"])
    #expect(result.status == 64)
    #expect(result.errors.contains("did you mean 'list'?"), "\(result.errors)")
    #expect(result.errors.contains("add, list, show"), "\(result.errors)")
  }

  @Test func anUnknownOptionSuggestsTheNearest() async {
    let result = await RunnerHarness().run(["list", "--jsn"])
    #expect(result.status == 64)
    #expect(result.errors.contains("did you mean '--json'?"), "\(result.errors)")
  }

  /// A mistyped option before the subcommand, followed by its value: the value is not taken
  /// for a subcommand, since the option came first.
  @Test(arguments: [
    ["--datadir", "/tmp", "list"], ["--datadir=/tmp", "list"], ["--jsno", "list"],
  ])
  func aMistypedGlobalOptionWithAValueSuggestsTheOption(arguments: [String]) async {
    let result = await RunnerHarness().run(arguments)
    #expect(result.status == 64)
    #expect(result.errors.contains("Unknown option"), "\(result.errors)")
    #expect(result.errors.contains("did you mean '--"), "\(result.errors)")
    #expect(!result.errors.contains("subcommand '/tmp'"), "\(result.errors)")
  }

  @Test func versionPrintsTheVersion() async {
    let result = await RunnerHarness().run(["--version"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("questions "))
  }

  @Test func sampleASecondTimeSaysNothingWasAdded() async {
    let harness = RunnerHarness()
    #expect(await harness.run(["sample"]).status == 0)
    let again = await harness.run(["sample"])
    #expect(again.status == 0)
    #expect(again.errors.contains("nothing was added"), "\(again.errors)")
  }

  /// A store that holds the deck under the IDs an earlier version gave it (`5A3F00NN-…`)
  /// gets no copies: the entries are recognised by their prompts.
  @Test func sampleAddsNoCopiesToAStoreHoldingAnEarlierDeck() async throws {
    let earlier = try Question.sampleDeck.enumerated().map { index, question in
      var old = question
      old.id = try #require(
        UUID(uuidString: String(format: "5A3F00%02X-0000-4000-8000-000000000000", index)))
      return old
    }
    let harness = RunnerHarness(earlier)
    let again = await harness.run(["sample"])
    #expect(again.status == 0)
    #expect(again.errors.contains("nothing was added"), "\(again.errors)")
    #expect(await harness.repository.loadAll().count == Question.sampleDeck.count)
  }

  @Test func anExportToAnUnknownExtensionAsksForTheFormat() async throws {
    let folder = try TemporaryDirectory(prefix: "AppRoughEdges")
    let target = folder.appending("deck.txt")
    let result = await RunnerHarness([Fixtures.actor]).run(["export", target.path])
    #expect(result.status == 64)
    #expect(result.errors.contains("--format"), "\(result.errors)")
    #expect(!FileManager.default.fileExists(atPath: target.path))
  }

  @Test func exportingOneQuestionReadsAsEnglish() async throws {
    let folder = try TemporaryDirectory(prefix: "AppRoughEdges")
    let target = folder.appending("one.json")
    let result = await RunnerHarness([Fixtures.actor]).run(["export", target.path])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors.hasPrefix("Exported 1 question to"), "\(result.errors)")
  }

  @Test func aQuizTakesOneLinePerAnswerFromAPipe() async throws {
    let harness = RunnerHarness([Fixtures.actor, Fixtures.optional, Fixtures.sendable])
    harness.input = ["y", "n", "y"]
    let result = await harness.run(["quiz", "--count", "3"])
    #expect(result.status == 0, "\(result.errors)")
    let stored = try #require(await harness.sessions.loadAll().first)
    #expect(stored.count == 3)
    #expect(stored.knownCount == 2)
    #expect(result.output.contains("Answer: "))
  }

  @Test func quizHelpSaysHowToAnswerFromAPipe() async {
    let result = await RunnerHarness().run(["quiz", "--help"])
    #expect(result.output.contains("one line per question"), "\(result.output)")
  }

  @Test func anAmbiguousIDListsAFewMatchesAndAsksForMoreCharacters() async throws {
    let sharing = try (0..<8).map { index in
      Question(
        id: try #require(
          UUID(uuidString: String(format: "ABCD00%02X-0000-4000-8000-000000000000", index))),
        prompt: "Question \(index)?", answer: "a")
    }
    let harness = RunnerHarness(sharing)
    let result = await harness.run(["show", "abcd"])
    #expect(result.status == 1)
    #expect(result.errors.contains("and 3 more"), "\(result.errors)")
    #expect(result.errors.contains("more characters"), "\(result.errors)")
  }

  @Test func aQuizWithoutCountHasTheFullScreenModesLength() async throws {
    let harness = RunnerHarness(
      (0..<12).map { Question(prompt: "Question \($0)?", answer: "Answer \($0)") })
    harness.input = Array(repeating: "y", count: 12)
    let result = await harness.run(["quiz"])
    #expect(result.status == 0, "\(result.errors)")
    let stored = try #require(await harness.sessions.loadAll().first)
    #expect(stored.count == QuestionBankModel.quizLength)
    let help = await harness.run(["quiz", "--help"])
    #expect(help.output.contains("(default: \(QuestionBankModel.quizLength))"))
  }
}

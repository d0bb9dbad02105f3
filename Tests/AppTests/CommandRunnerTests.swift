// The runner end to end in process: an in-memory store, captured output, exit statuses.

import Foundation
import LocalStore
import Models
import Testing

@testable import App

@MainActor
@Suite struct CommandRunnerTests {
  @Test func addPrintsOnlyTheNewIDAndSavesTheQuestion() async throws {
    let harness = RunnerHarness()
    let result = await harness.run(["add", "Q?", "--answer", "A", "--tag", " x ", "--tag", "X"])
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    let saved = try #require(await harness.repository.loadAll().first)
    #expect(result.output == saved.id.uuidString + "\n")
    #expect(saved.prompt == "Q?")
    #expect(saved.answer == "A")
    #expect(saved.tags == ["x"])
  }

  @Test func addWithJSONPrintsTheNewObject() async throws {
    let harness = RunnerHarness()
    let result = await harness.run(["add", "Q?", "--answer", "A", "--json"])
    #expect(result.status == 0)
    let printed = try JSONDecoder().decode(Question.self, from: Data(result.output.utf8))
    #expect(await harness.repository.loadAll() == [printed])
  }

  @Test(arguments: [[String](), ["list"]])
  func emptyStoreShowsHowToAddOne(arguments: [String]) async {
    let result = await RunnerHarness().run(arguments)
    #expect(result.status == 0)
    #expect(result.errors.contains("questions add \""))
    #expect(result.errors.contains("--answer \""))
    #expect(result.output.isEmpty)
  }

  @Test(arguments: [["--json"], ["list", "--json"], ["search", "x", "--json"]])
  func emptyResultInJSONIsAnEmptyArray(arguments: [String]) async {
    let result = await RunnerHarness().run(arguments)
    #expect(result.status == 0)
    #expect(result.output == "[]\n")
  }

  @Test func listShowsQuestionsInInsertionOrder() async {
    let harness = RunnerHarness([Fixtures.optional, Fixtures.actor])
    let result = await harness.run([])
    #expect(result.status == 0)
    #expect(
      result.output == """
        ABCDEF01  What is an Optional?
        3F2A1B4C  What does an actor guarantee?  [concurrency, actors]

        """)
  }

  @Test func listByTagIgnoresCase() async throws {
    let harness = RunnerHarness([Fixtures.actor, Fixtures.sendable, Fixtures.optional])
    let result = await harness.run(["list", "--tag", "CONCURRENCY", "--json"])
    let listed = try JSONDecoder().decode([Question].self, from: Data(result.output.utf8))
    #expect(listed == [Fixtures.actor, Fixtures.sendable])
    let none = await harness.run(["list", "--tag", "nothing"])
    #expect(none.status == 0)
    #expect(none.errors.contains("nothing"))
    #expect(!none.output.contains("questions add"))
  }

  @Test func searchMatchesThroughTheViewModel() async {
    let harness = RunnerHarness([Fixtures.actor, Fixtures.sendable, Fixtures.optional])
    let found = await harness.run(["search", "what", "isolation"])
    #expect(found.output == TextFormatter().row(Fixtures.sendable))
    let missed = await harness.run(["search", "zebra"])
    #expect(missed.status == 0)
    #expect(missed.errors.lowercased().contains("no questions match"))
  }

  @Test func showAcceptsAPrefixAndPrintsEveryField() async {
    let harness = RunnerHarness([Fixtures.actor, Fixtures.optional])
    let result = await harness.run(["show", "abcdef"])
    #expect(result.status == 0)
    #expect(result.output == TextFormatter().detail(Fixtures.optional))
  }

  @Test func ambiguousPrefixIsARuntimeErrorListingMatches() async {
    let harness = RunnerHarness([Fixtures.actor, Fixtures.sendable])
    let result = await harness.run(["show", "3f2a"])
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("questions: error: "))
    #expect(result.errors.contains(Fixtures.actor.id.uuidString))
    #expect(result.errors.contains(Fixtures.sendable.id.uuidString))
  }

  @Test func deleteRemovesTheQuestion() async {
    let harness = RunnerHarness([Fixtures.actor, Fixtures.optional])
    let result = await harness.run(["delete", "3F2A1B4C"])
    #expect(result.status == 0)
    #expect(result.errors == "Deleted \(Fixtures.actor.id.uuidString)\n")
    #expect(await harness.repository.loadAll() == [Fixtures.optional])
    let again = await harness.run(["delete", "3F2A1B4C", "--json"])
    #expect(again.status == 1)
  }

  @Test func deleteWithJSONPrintsTheDeletedObject() async throws {
    let harness = RunnerHarness([Fixtures.actor])
    let result = await harness.run(["--json", "delete", Fixtures.actor.id.uuidString.lowercased()])
    #expect(
      try JSONDecoder().decode(Question.self, from: Data(result.output.utf8)) == Fixtures.actor)
    #expect(await harness.repository.loadAll().isEmpty)
  }

  @Test func usageErrorExits64WithUsageOnStandardError() async throws {
    let harness = RunnerHarness()
    let result = await harness.run(["add", "Q?"])
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    let lines = result.errors.split(separator: "\n")
    try #require(lines.count == 3)
    #expect(lines[0].hasPrefix("questions: error: "))
    #expect(lines[0].contains("--answer"))
    #expect(lines[1] == "Usage: questions add <prompt> --answer <text> [--tag <tag>]...")
    #expect(result.errors.contains("questions help add"))
    #expect(harness.openedDirectories.isEmpty)
  }

  @Test func storeThatCannotBeOpenedExits1NamingTheFile() async {
    let harness = RunnerHarness()
    let file = URL(fileURLWithPath: "/data/questions.json")
    harness.openFailure = .corrupt(file, reason: "bad JSON at byte 3")
    let result = await harness.run(["list"])
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("questions: error: /data/questions.json"))
    #expect(result.errors.contains("bad JSON at byte 3"))
    #expect(!result.errors.contains("Usage:"))
  }

  @Test func failedWriteExits1AndChangesNothing() async {
    let harness = RunnerHarness([Fixtures.actor])
    let file = URL(fileURLWithPath: "/data/questions.json")
    await harness.repository.failWrites(
      with: PersistenceError.writeFailed(file, reason: "disk full"))
    let result = await harness.run(["add", "Q?", "--answer", "A"])
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(result.errors.contains("/data/questions.json"))
    #expect(result.errors.contains("disk full"))
    #expect(await harness.repository.loadAll() == [Fixtures.actor])
  }

  @Test(arguments: [["help"], ["-h"], ["list", "--help"], ["help", "show"], ["nope", "--help"]])
  func helpGoesToStandardOutputWithoutOpeningTheStore(arguments: [String]) async {
    let harness = RunnerHarness()
    let result = await harness.run(arguments)
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("OVERVIEW: "))
    #expect(result.errors.isEmpty)
    #expect(harness.openedDirectories.isEmpty)
  }

  @Test func dataDirectoryOptionBeatsEnvironment() async {
    let harness = RunnerHarness()
    harness.environment["QUESTIONS_DATA_DIR"] = "/env/dir"
    _ = await harness.run(["list"])
    _ = await harness.run(["list", "--data-dir", "rel"])
    #expect(harness.openedDirectories.map(\.path) == ["/env/dir", "/work/here/rel"])
  }

  @Test func colourOnlyWhenStandardOutputIsATerminal() async {
    let harness = RunnerHarness([Fixtures.optional])
    #expect(!(await harness.run([])).output.contains("\u{1B}["))
    harness.standardOutputIsTerminal = true
    #expect((await harness.run([])).output.contains("\u{1B}[2mABCDEF01"))
    #expect(!(await harness.run(["--no-color"])).output.contains("\u{1B}["))
    harness.environment["NO_COLOR"] = "1"
    #expect(!(await harness.run([])).output.contains("\u{1B}["))
  }
}

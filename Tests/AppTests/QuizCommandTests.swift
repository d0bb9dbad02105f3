// `questions quiz` in process: the dialogue, its input, a refused save, and its usage errors.

import Foundation
import LocalStore
import Models
import Testing

@testable import App

@MainActor
@Suite struct QuizCommandTests {
  private let diskFull = PersistenceError.writeFailed(
    URL(fileURLWithPath: "/data/sessions.json"), reason: "no space left on device")

  @Test func asksEveryQuestionAndStoresTheScore() async throws {
    let harness = RunnerHarness([Fixtures.actor, Fixtures.optional])
    harness.input = ["", "y", "", "n"]
    let result = await harness.run(["quiz"])
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    for text in [
      "Question 1 of 2", "Question 2 of 2", "Press Enter to see the answer.",
      "Did you know it? [y/n] ", Fixtures.actor.prompt, "Answer: \(Fixtures.actor.answer)",
      Fixtures.optional.prompt, "You knew 1 of 2 (50%).", "questions stats",
    ] {
      #expect(result.output.contains(text), "missing \(text)")
    }
    #expect(result.output.contains(" of 2  [concurrency, actors]\n"))
    let stored = try #require(await harness.sessions.loadAll().first)
    #expect(stored.count == 2)
    #expect(stored.knownCount == 1)
    #expect(Set(stored.answers.map(\.questionID)) == [Fixtures.actor.id, Fixtures.optional.id])
    #expect(stored.tag == nil)
  }

  @Test func anUnclearAnswerIsAskedAgain() async throws {
    let harness = RunnerHarness([Fixtures.actor])
    harness.input = ["I think so", "maybe", " YES "]
    let result = await harness.run(["quiz"])
    #expect(result.status == 0)
    #expect(result.output.contains("Please answer y or n. Did you know it? [y/n] "))
    #expect(try #require(await harness.sessions.loadAll().first).knownCount == 1)
  }

  @Test func inputEndingEarlyStoresNothing() async {
    let harness = RunnerHarness([Fixtures.actor, Fixtures.optional])
    harness.input = ["", "y"]
    let result = await harness.run(["quiz"])
    #expect(result.status == 1)
    #expect(result.errors.contains("stopped at question 2 of 2"))
    #expect(result.errors.contains("nothing was stored"))
    #expect(await harness.sessions.loadAll().isEmpty)

    harness.input = [""]  // Ends while asking whether it was known.
    #expect(await harness.run(["quiz", "--count", "1"]).status == 1)
    #expect(await harness.sessions.loadAll().isEmpty)
  }

  @Test func aTagAndACountChooseTheQuestions() async throws {
    let harness = RunnerHarness([Fixtures.actor, Fixtures.sendable, Fixtures.optional])
    harness.input = ["", "y"]
    let result = await harness.run(["quiz", "--tag", "CONCURRENCY", "--count", "1"])
    #expect(result.status == 0)
    #expect(result.output.contains("Question 1 of 1"))
    let stored = try #require(await harness.sessions.loadAll().first)
    #expect(stored.tag == "CONCURRENCY")
    #expect(stored.count == 1)
    #expect([Fixtures.actor.id, Fixtures.sendable.id].contains(stored.answers[0].questionID))
  }

  @Test func noMatchingQuestionIsARuntimeError() async {
    let harness = RunnerHarness([Fixtures.actor])
    let result = await harness.run(["quiz", "--tag", "zebra"])
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(result.errors == "questions: error: No questions are tagged “zebra”.\n")
    #expect(await RunnerHarness().run(["quiz"]).status == 1)
  }

  @Test(arguments: [["--count", "0"], ["--count=-2"], ["--count", "many"], ["--count", "1.5"]])
  func aCountThatIsNotAPositiveNumberIsAUsageError(arguments: [String]) async {
    let harness = RunnerHarness([Fixtures.actor])
    let result = await harness.run(["quiz"] + arguments)
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(result.errors.contains("'--count' needs a whole number of at least 1"))
    #expect(result.errors.contains("Usage: questions quiz [--tag <tag>] [--count <n>]"))
  }

  @Test func countAndStatsBelongOnlyToTheirCommands() async {
    #expect(await RunnerHarness().run(["list", "--count", "2"]).status == 64)
    #expect(await RunnerHarness().run(["stats", "extra"]).status == 64)
    #expect(await RunnerHarness().run(["quiz", "extra"]).status == 64)
  }

  @Test func aRefusedSaveIsOfferedAgainAndStoredOnRetry() async throws {
    let harness = RunnerHarness([Fixtures.actor])
    let flaky = FlakyRepository<StudySession>(failures: 1, with: diskFull)
    harness.replacementSessions = flaky
    harness.input = ["", "n", "y"]
    let result = await harness.run(["quiz"])
    #expect(result.status == 0)
    #expect(result.output.contains("Your result could not be stored: "))
    #expect(result.output.contains("no space left on device"))
    #expect(result.output.contains("Try again? [y/n] "))
    #expect(
      result.output.hasSuffix(
        "You knew 0 of 1 (0%). Saved; see your progress with: questions stats\n"))
    #expect(await flaky.loadAll().count == 1)
  }

  @Test func aRefusedSaveThatIsNotRetriedIsAnError() async {
    let harness = RunnerHarness([Fixtures.actor])
    await harness.sessions.failWrites(with: diskFull)
    harness.input = ["", "y", "y", "no"]  // Retry once, still refused, then give up.
    let result = await harness.run(["quiz"])
    #expect(result.status == 1)
    #expect(result.output.components(separatedBy: "Try again? [y/n] ").count == 3)
    #expect(result.errors.contains("The quiz result was not stored: "))
    #expect(result.errors.contains("/data/sessions.json"))
    #expect(!result.output.contains("Saved"))
  }

  @Test func jsonPrintsOnlyTheStoredSession() async throws {
    let harness = RunnerHarness([Fixtures.actor])
    harness.input = ["", "y"]
    let result = await harness.run(["--json", "quiz"])
    #expect(result.status == 0)
    let printed = try JSONDecoder().decode(StudySession.self, from: Data(result.output.utf8))
    #expect(await harness.sessions.loadAll() == [printed])
    #expect(result.errors.contains("Question 1 of 1"))
    #expect(result.errors.contains("You knew 1 of 1 (100%)."))
  }

  @Test func helpDescribesTheNewOptions() {
    let page = HelpText.page(for: .quiz)
    #expect(page.contains("\n  --tag <tag> "))
    #expect(page.contains("\n  --count <n> "))
    #expect(HelpText.general.contains("\n  quiz "))
    #expect(HelpText.general.contains("\n  stats "))
  }
}

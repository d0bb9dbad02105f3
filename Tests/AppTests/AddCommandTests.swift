// `questions add` applies the form's content rules: what it refuses, and how it cleans what it stores.

import CommandLineKit
import Foundation
import LocalStore
import Models
import Testing

@testable import App

@MainActor
@Suite struct AddCommandTests {
  @Test func aPromptOverTheLimitIsAUsageErrorWithTheFormsSentence() async {
    let harness = RunnerHarness()
    let prompt = String(repeating: "p", count: 1_001)
    let result = await harness.run(["add", prompt, "--answer", "A"])
    #expect(result.status == ExitCode.usage)
    #expect(result.output.isEmpty)
    let firstLine = result.errors.split(separator: "\n").first.map(String.init)
    #expect(
      firstLine
        == "questions: error: Shorten the prompt to 1000 characters or fewer; it has 1001.")
    #expect(result.errors.contains("questions add <prompt>"))
    #expect(await harness.repository.loadAll().isEmpty)
  }

  @Test func aPromptAtTheLimitIsStored() async throws {
    let harness = RunnerHarness()
    let prompt = String(repeating: "é", count: 1_000)
    let result = await harness.run(["add", prompt, "--answer", "A"])
    #expect(result.status == 0)
    let saved = try #require(await harness.repository.loadAll().first)
    #expect(saved.prompt == prompt)
  }

  @Test func thePromptAndAnswerAreStoredTrimmed() async throws {
    let harness = RunnerHarness()
    let result = await harness.run(["add", "  padded  ", "--answer", "\n answer \t"])
    #expect(result.status == 0)
    let saved = try #require(await harness.repository.loadAll().first)
    #expect(saved.prompt == "padded")
    #expect(saved.answer == "answer")
  }

  @Test func everyProblemIsOneSentenceOnOneLine() async {
    let harness = RunnerHarness()
    let result = await harness.run([
      "add", "   ", "--answer", String(repeating: "a", count: 4_001), "--tag",
      String(repeating: "t", count: 51),
    ])
    #expect(result.status == ExitCode.usage)
    let firstLine = result.errors.split(separator: "\n").first.map(String.init)
    #expect(
      firstLine
        == "questions: error: Enter a prompt."
        + " Shorten the answer to 4000 characters or fewer; it has 4001."
        + " Shorten the tag “tttttttttttttttttttt…” to 50 characters or fewer; it has 51.")
    #expect(await harness.repository.loadAll().isEmpty)
  }
}

// Stored text reaches a terminal as text: its escape sequences are shown, never obeyed.

import Foundation
import LocalStoreTestSupport
import Models
import Testing

@testable import App

@MainActor
@Suite struct TerminalEscapeTests {
  /// Sets the clipboard (OSC 52), clears the screen, and rings the bell.
  nonisolated static let hostile = "\u{1B}]52;c;SGVsbG8=\u{07}evil\u{1B}[2J\u{9B}31m"
  nonisolated static let question = Question(
    prompt: "Prompt " + hostile, answer: "Answer " + hostile, tags: ["tag" + hostile])

  /// Whether `text` holds any character that a terminal would act on, other than the app's
  /// own styling and line breaks.
  static func holdsControls(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      (scalar.value < 0x20 && scalar != "\n") || (0x7F..<0xA0).contains(scalar.value)
    }
  }

  nonisolated static let commands: [[String]] = [
    ["list"], ["show", question.id.uuidString], ["search", "evil"],
    ["list", "--tag", "tag" + hostile],
  ]

  @Test(arguments: commands)
  func storedTextIsNeutralisedOnATerminal(arguments: [String]) async {
    let harness = RunnerHarness([Self.question])
    harness.standardOutputIsTerminal = true
    harness.environment["NO_COLOR"] = "1"
    let result = await harness.run(arguments)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("evil"))
    #expect(!Self.holdsControls(result.output), "\(arguments): \(result.output.debugDescription)")
  }

  @Test func theQuizAndStatisticsNeutraliseStoredText() async {
    let harness = RunnerHarness([Self.question])
    harness.standardOutputIsTerminal = true
    harness.environment["NO_COLOR"] = "1"
    harness.input = ["", "y"]
    let quiz = await harness.run(["quiz", "--count", "1"])
    #expect(quiz.status == 0, "\(quiz.errors)")
    #expect(quiz.output.contains("evil"))
    #expect(!Self.holdsControls(quiz.output), "\(quiz.output.debugDescription)")
    let stats = await harness.run(["stats"])
    #expect(stats.status == 0, "\(stats.errors)")
    #expect(!Self.holdsControls(stats.output), "\(stats.output.debugDescription)")
  }

  @Test(arguments: commands)
  func storedTextIsNeutralisedThroughAPipeToo(arguments: [String]) async {
    let harness = RunnerHarness([Self.question])
    let result = await harness.run(arguments)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("evil"))
    #expect(!Self.holdsControls(result.output), "\(arguments): \(result.output.debugDescription)")
  }

  @Test func jsonKeepsTheExactText() async throws {
    let harness = RunnerHarness([Self.question])
    harness.standardOutputIsTerminal = true
    let result = await harness.run(["--json", "list"])
    let listed = try JSONDecoder().decode([Question].self, from: Data(result.output.utf8))
    #expect(listed == [Self.question])
  }

  @Test func importErrorsQuotingTheFileAreAlwaysNeutralised() async throws {
    let folder = try TemporaryDirectory(prefix: "AppEscapes")
    let file = folder.appending("bad.csv")
    try Data(("prompt,answer,\"" + Self.hostile + "\"\nQ,A,x\n").utf8).write(to: file)
    let harness = RunnerHarness()
    let result = await harness.run(["import", file.path])
    #expect(result.status == 1)
    #expect(result.errors.contains("evil"), "\(result.errors)")
    #expect(!Self.holdsControls(result.errors), "\(result.errors.debugDescription)")
  }
}

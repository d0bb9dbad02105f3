// Checks the commands that work without a terminal: list, hint, reset, run, and the progress store.

import Foundation
import Testing

@testable import PracticeKit

@MainActor @Suite struct PracticeToolTests {
  @Test func listShowsEveryExerciseToDo() async throws {
    let fixture = try PracticeFixture()
    defer { fixture.remove() }
    let output = Output()
    #expect(await fixture.tool(output).main(["list"]) == 0)
    #expect(output.lines.first == "0 of \(Exercise.all.count) exercises pass.")
    #expect(output.lines.count == Exercise.all.count + 1)
    #expect(output.lines[1].hasPrefix(" 1  · to do"))
  }

  @Test func hintPrintsBothHints() async throws {
    let fixture = try PracticeFixture()
    defer { fixture.remove() }
    let output = Output()
    #expect(await fixture.tool(output).main(["hint", "3"]) == 0)
    #expect(
      output.lines == [Exercise.all[2].heading]
        + Exercise.all[2].hints.enumerated().map { "Hint \($0.offset + 1): \($0.element)" })
  }

  @Test func resetPutsTheShippedFileBack() async throws {
    let fixture = try PracticeFixture()
    defer { fixture.remove() }
    let exercise = Exercise.all[4]
    let folder = PracticeFolder(url: fixture.root)
    try Data("// my attempt\n".utf8).write(to: folder.file(exercise.filePath))
    #expect(try !folder.isAsShipped(exercise))
    let output = Output()
    #expect(await fixture.tool(output).main(["reset", "5"]) == 0)
    #expect(try folder.isAsShipped(exercise))
  }

  @Test func runRecordsAPassInTheProgressStore() async throws {
    let fixture = try PracticeFixture(testLog: "✔ Test run with 2 tests passed after 0.1 seconds.")
    defer { fixture.remove() }
    let output = Output()
    #expect(await fixture.tool(output).main(["run", "1"]) == 0)
    #expect(output.lines.last?.hasPrefix("✓ Exercise 1 passes") == true)
    let states = try await ProgressStore(directory: fixture.state).states()
    #expect(states[1] == .passed)
    #expect(states[2] == .pending)
    #expect(try await ProgressStore(directory: fixture.state).current() == Exercise.all[1])
  }

  @Test func runPrintsTheFirstFailureBriefly() async throws {
    let log = """
      ✘ Test damagedFileMakesInitThrow() recorded an issue at NoteStoreTests.swift:31:5: Expectation failed: an error was expected but none was thrown
      ↳ a damaged notes.json opened as an empty store: init must throw
      ✘ Test run with 4 tests failed after 0.1 seconds with 1 issue.
      """
    let fixture = try PracticeFixture(testLog: log, testStatus: 1)
    defer { fixture.remove() }
    let output = Output()
    #expect(await fixture.tool(output).main(["run", "2"]) == 1)
    #expect(
      output.lines.contains(
        "  NoteStoreTests.swift:31: a damaged notes.json opened as an empty store: init must throw")
    )
    #expect(try await ProgressStore(directory: fixture.state).states()[2] == .failing)
  }

  @Test func watchModeWithoutATerminalSaysSo() async throws {
    let fixture = try PracticeFixture()
    defer { fixture.remove() }
    let output = Output()
    var tool = fixture.tool(output)
    tool.printOut = { _ in }
    // Under `swift test` standard input is not a terminal.
    #expect(await tool.main([]) == 64)
    #expect(output.errors.first?.contains("the watch mode needs a terminal") == true)
  }

  @Test func verifyRefusesWhenALearnersFileIsChanged() async throws {
    let fixture = try PracticeFixture()
    defer { fixture.remove() }
    let exercise = Exercise.all[0]
    try Data("// my attempt\n".utf8).write(
      to: fixture.root.appendingPathComponent(exercise.filePath))
    let output = Output()
    #expect(await fixture.tool(output).main(["verify"]) == 64)
    #expect(output.errors.first?.contains("practice reset 1") == true)
    // The learner's work is still there.
    let text = try String(
      contentsOf: fixture.root.appendingPathComponent(exercise.filePath), encoding: .utf8)
    #expect(text == "// my attempt\n")
  }

  @Test func progressSurvivesReopen() async throws {
    let fixture = try PracticeFixture()
    defer { fixture.remove() }
    try await ProgressStore(directory: fixture.state).record(.passed, for: 3)
    try await ProgressStore(directory: fixture.state).record(.failing, for: 4)
    let states = try await ProgressStore(directory: fixture.state).states()
    #expect(states[3] == .passed)
    #expect(states[4] == .failing)
    #expect(states.count == Exercise.all.count)
  }
}

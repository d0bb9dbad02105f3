// Checks how wrong fixes are read, and how the verify check judges what their tests reported.

import Foundation
import Testing

@testable import PracticeKit

@Suite struct WrongFixTests {
  let exercise = Exercise.all[3]

  @Test func headerGivesTheSummaryAndTheFailure() throws {
    let fix = try WrongFix(
      exercise: exercise, path: "WrongFixes/04-detached-write/a-await.swift",
      text: """
        // Wrong fix: await the write inside save(_:).
        // The actor is reentrant at that await.
        // Refused by: the older draft landed after the newer one

        import Foundation
        """)
    #expect(fix.summary == "await the write inside save(_:).")
    #expect(fix.refusedBy == "the older draft landed after the newer one")
    #expect(fix.name == "a-await")
  }

  @Test func aFileWithoutTheHeaderIsRefused() {
    #expect(throws: PracticeError.self) {
      try WrongFix(exercise: exercise, path: "x.swift", text: "// Exercise 4\nimport Foundation\n")
    }
    #expect(throws: PracticeError.self) {
      try WrongFix(exercise: exercise, path: "x.swift", text: "// Wrong fix: no reason given\n")
    }
  }

  @Test func everyExerciseShipsAtLeastTwoWrongFixes() throws {
    let folder = PracticeFolder(
      url: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent())
    for exercise in Exercise.all {
      let fixes = try folder.wrongFixes(of: exercise)
      #expect(fixes.count >= SolutionCheck.wrongFixesRequired, "exercise \(exercise.number)")
    }
  }

  /// A wrong fix may break more than the property it was made for: any reported issue that
  /// says the expected text counts, not only the first.
  @Test func aLaterIssueCanCarryTheExpectedFailure() {
    let log = """
      ✘ Test a() recorded an issue at DraftStoreTests.swift:10:5: Expectation failed: x
      ↳ the older draft landed after the newer one
      ✘ Test b() recorded an issue at DraftStoreTests.swift:90:5: Expectation failed: y
      ↳ the disk refused the draft and nobody was told
      """
    let first = FailureSummary(
      stage: .test, location: "DraftStoreTests.swift:10",
      message: "the older draft landed after the newer one")
    #expect(
      SolutionCheck.problem(
        with: .failed(first), log: log, expecting: .failsWith("nobody was told")) == nil)
    #expect(
      SolutionCheck.problem(with: .failed(first), log: log, expecting: .failsWith("unrelated"))
        != nil)
    #expect(SolutionCheck.problem(with: .passed, log: "", expecting: .failsWith("x")) != nil)
    #expect(SolutionCheck.problem(with: .passed, log: "", expecting: .passes) == nil)
  }
}

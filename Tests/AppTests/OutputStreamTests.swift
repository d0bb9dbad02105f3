// The command's result goes to standard output, every message about it to standard error.

import Foundation
import LocalStoreTestSupport
import Models
import Testing

@testable import App

/// Pins the split clig.dev recommends: what a script would capture (rows, a question, an id,
/// JSON, exported bytes) is standard output; hints, confirmations and summaries are standard
/// error, so `questions delete X > out` leaves `out` empty and still says what it did.
@MainActor
@Suite struct OutputStreamTests {
  /// A command line, and whether its text-mode run writes to standard output.
  struct Case: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var writesResult: Bool
    var message: String?
    var testDescription: String { arguments.joined(separator: " ") }
  }

  nonisolated static let cases: [Case] = [
    Case(arguments: ["list"], writesResult: true),
    Case(arguments: ["show", Fixtures.actor.id.uuidString], writesResult: true),
    Case(arguments: ["search", "actor"], writesResult: true),
    Case(arguments: ["add", "P?", "--answer", "A"], writesResult: true),
    Case(
      arguments: ["delete", Fixtures.actor.id.uuidString], writesResult: false, message: "Deleted"),
    Case(
      arguments: ["search", "nothingmatches"], writesResult: false, message: "No questions match"),
    Case(
      arguments: ["list", "--tag", "nosuchtag"], writesResult: false,
      message: "No questions are tagged"),
    Case(arguments: ["sample"], writesResult: false, message: "Loaded"),
    Case(arguments: ["stats"], writesResult: false, message: "quiz"),
    Case(arguments: ["export", "-", "--format", "csv"], writesResult: true),
    Case(arguments: ["help"], writesResult: true),
    Case(arguments: ["--version"], writesResult: true),
  ]

  @Test(arguments: cases)
  func textModeSplitsResultsFromMessages(_ testCase: Case) async {
    let harness = RunnerHarness([Fixtures.actor])
    let result = await harness.run(testCase.arguments)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.isEmpty == !testCase.writesResult, "stdout: \(result.output)")
    if let message = testCase.message {
      #expect(result.errors.contains(message), "stderr: \(result.errors)")
    }
  }

  @Test func theEmptyStoreHintIsAMessage() async {
    let result = await RunnerHarness().run(["list"])
    #expect(result.output.isEmpty)
    #expect(result.errors.contains("No questions yet"))
  }

  @Test func importAndExportToAFileSummariseOnStandardError() async throws {
    let folder = try TemporaryDirectory()
    let path = folder.appending("deck.json").path
    let harness = RunnerHarness([Fixtures.actor])
    let exported = await harness.run(["export", path])
    #expect(exported.output.isEmpty)
    #expect(exported.errors.contains("Exported 1 question to"))
    let imported = await harness.run(["import", path])
    #expect(imported.output.isEmpty)
    #expect(imported.errors.contains("Imported"))
  }

  @Test func jsonModeStillWritesItsReportsToStandardOutput() async throws {
    let harness = RunnerHarness([Fixtures.actor])
    let deleted = await harness.run(["--json", "delete", Fixtures.actor.id.uuidString])
    #expect(deleted.output.contains(Fixtures.actor.id.uuidString))
    #expect(deleted.errors.isEmpty)
  }
}

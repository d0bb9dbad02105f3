// Checks that the watch mode finds the first failure in real build and test logs, briefly.

import Testing

@testable import PracticeKit

@Suite struct FailureParserTests {
  @Test func compilerErrorIsFileLineAndMessage() throws {
    let log = """
      Building for debugging...
      [3/9] Compiling Exercise02 NoteStore.swift
      /src/QuestionBank/Docs/Practice/Exercises/02-corrupt-file/NoteStore.swift:24:9: error: cannot find 'dat' in scope
      22 |     self.fileURL = fileURL
      23 |     if let data = try? Data(contentsOf: fileURL),
      24 |       let decoded = try? JSONDecoder().decode([Note].self, from: dat)
         |         `- error: cannot find 'dat' in scope
      /src/QuestionBank/Docs/Practice/Exercises/02-corrupt-file/NoteStore.swift:30:3: error: second error
      error: fatalError
      """
    let failure = try #require(FailureParser.firstBuildError(in: log))
    #expect(failure.stage == .build)
    #expect(failure.location == "NoteStore.swift:24")
    #expect(failure.message == "cannot find 'dat' in scope")
  }

  @Test func compilerNotesAreKeptAndGroupSuffixDropped() throws {
    let log = """
      /p/Composer.swift:38:18: error: sending 'self.draft' risks causing data races [#SendingRisksDataRace]
      36 |   func send() async {
      38 |     await outbox.enqueue(draft)
         |                  |- error: sending 'self.draft' risks causing data races [#SendingRisksDataRace]
         |                  `- note: sending main actor-isolated 'self.draft' to actor-isolated instance method 'enqueue' risks causing data races
      """
    let failure = try #require(FailureParser.firstBuildError(in: log))
    #expect(failure.message == "sending 'self.draft' risks causing data races")
    #expect(failure.details.first?.hasPrefix("note: sending main actor-isolated") == true)
  }

  @Test func successfulBuildHasNoError() {
    #expect(
      FailureParser.firstBuildError(in: "Building for debugging...\nBuild complete! (2.1s)") == nil)
  }

  @Test func firstIssueInSourceOrderWithItsComment() throws {
    // Swift Testing runs tests in parallel: the later test in the file reported first.
    let log = """
      ◇ Test run started.
      ✘ Test failedWriteReachesTheCaller() recorded an issue at DraftStoreTests.swift:50:11: Expectation failed: an error was expected but none was thrown
      ↳ the disk refused the draft and nobody was told
      ✘ Test newerDraftLandsLast() recorded an issue at DraftStoreTests.swift:42:5: Expectation failed: (landed.last → "Dear Ada,") == "Dear Ada, thank you"
      ↳ the older draft landed after the newer one: the disk keeps "Dear Ada,"
      ✘ Test newerDraftLandsLast() failed after 0.098 seconds with 1 issue.
      ✘ Test run with 2 tests in 1 suite failed after 0.1 seconds with 2 issues.
      """
    let failure = try #require(FailureParser.firstTestFailure(in: log))
    #expect(failure.location == "DraftStoreTests.swift:42")
    #expect(
      failure.message == "the older draft landed after the newer one: the disk keeps \"Dear Ada,\"")
    #expect(
      failure.details == [
        #"Expectation failed: (landed.last → "Dear Ada,") == "Dear Ada, thank you""#
      ])
  }

  @Test func lineTenSortsAfterLineNine() {
    #expect(FailureParser.sourceOrder("A.swift:9") < FailureParser.sourceOrder("A.swift:10"))
  }

  @Test func crashWithoutIssueIsReported() throws {
    let log = "◇ Test run started.\nerror: Exited with unexpected signal code 4"
    let failure = try #require(FailureParser.firstTestFailure(in: log))
    #expect(failure.message == "error: Exited with unexpected signal code 4")
  }

  @Test func passingRunHasNoFailure() {
    let log =
      "✔ Test savedNoteSurvivesReopen() passed after 0.031 seconds.\n✔ Test run with 2 tests passed after 0.1 seconds."
    #expect(FailureParser.firstTestFailure(in: log) == nil)
  }

  @Test func findsTheIssueOfATestWithArguments() {
    let log = """
      ✘ Test failedSave(_:) recorded an issue with 1 argument failure → the folder replaced by a file at NoteStoreTests.swift:60:5: Expectation failed: await store.loadAll() == [kept]
      ↳ the store shows a note that the disk refused: memory is ahead of the file
      ✘ Test run with 4 tests failed after 0.1 seconds with 1 issue.
      """
    let failure = FailureParser.firstTestFailure(in: log)
    #expect(failure?.location == "NoteStoreTests.swift:60")
    #expect(
      failure?.message
        == "the store shows a note that the disk refused: memory is ahead of the file")
  }
}

// The quiz view model over in-memory fakes: the flow, filters, a refused save, one change per call.

import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Observation
import Testing
import ViewModels

/// A failure the fake repository is told to raise.
private struct DiskFull: Error, CustomStringConvertible {
  var description: String { "the disk is full" }
}

/// A clock that moves one second further each time it is read.
@MainActor private final class SteppingClock {
  private(set) var date = Date(timeIntervalSince1970: 1_795_334_055)

  func next() -> Date {
    defer { date.addTimeInterval(1) }
    return date
  }
}

@MainActor @Suite struct QuizViewModelTests {
  private let questions = [
    Question(prompt: "What does an actor guarantee?", answer: "Serial access", tags: ["actors"]),
    Question(prompt: "Why fsync the folder?", answer: "The rename", tags: ["io", "Durability"]),
    Question(prompt: "What is Sendable?", answer: "Safe to share", tags: ["Actors", "types"]),
  ]
  private let sessions = InMemoryRepository<StudySession>()
  private let clock = SteppingClock()

  /// A quiz over `questions` asked in reverse order, so the order is known and not the
  /// stored one.
  private func makeQuiz() -> QuizViewModel {
    let clock = clock
    return QuizViewModel(
      questions: InMemoryRepository(questions), sessions: sessions,
      arrange: { $0.reversed() }, now: { clock.next() })
  }

  @Test func aWholeQuizIsStoredAsOneSession() async throws {
    let quiz = makeQuiz()
    #expect(quiz.phase == .notStarted)
    await quiz.start()
    #expect(quiz.phase == .asking)
    #expect(quiz.total == 3)
    #expect(quiz.current == questions[2])
    quiz.revealAnswer()
    #expect(quiz.phase == .revealed)
    await quiz.grade(knewIt: true)
    #expect(quiz.phase == .asking)
    #expect(quiz.position == 1)
    #expect(quiz.current == questions[1])
    await quiz.grade(knewIt: false)  // Without revealing first.
    quiz.revealAnswer()
    await quiz.grade(knewIt: true)

    #expect(quiz.phase == .finished)
    #expect(quiz.current == nil)
    #expect(quiz.position == 3)
    #expect(quiz.knownCount == 2)
    #expect(!quiz.hasUnsavedResult)
    let session = try #require(quiz.finishedSession)
    #expect(await sessions.loadAll() == [session])
    #expect(session.answers.map(\.questionID) == questions.reversed().map(\.id))
    #expect(session.answers.map(\.knewIt) == [true, false, true])
    #expect(session.answers[1].tags == ["io", "Durability"])
    #expect(session.startedAt == Date(timeIntervalSince1970: 1_795_334_055))
    #expect(session.finishedAt == Date(timeIntervalSince1970: 1_795_334_056))
    #expect(session.id == 1_795_334_056_000)
    #expect(session.tag == nil)
  }

  @Test func aTagFiltersIgnoringCaseAndCountLimits() async throws {
    let quiz = makeQuiz()
    await quiz.start(tag: " ACTORS ", count: 1)
    #expect(quiz.tag == "ACTORS")
    #expect(quiz.total == 1)
    #expect(quiz.current == questions[2])  // The last of the two tagged, reversed.
    await quiz.grade(knewIt: false)
    let session = try #require(quiz.finishedSession)
    #expect(session.tag == "ACTORS")
    #expect(session.count == 1)
    #expect(session.accuracy == 0)
  }

  @Test func noMatchingQuestionIsAnErrorAndNoQuiz() async {
    let quiz = makeQuiz()
    await quiz.start(tag: "zebra")
    #expect(quiz.phase == .notStarted)
    #expect(quiz.errorMessage == "No questions are tagged “zebra”.")
    #expect(quiz.current == nil)

    let empty = QuizViewModel(questions: InMemoryRepository(), sessions: sessions)
    await empty.start()
    #expect(empty.phase == .notStarted)
    #expect(empty.errorMessage?.contains("no questions") == true)

    await quiz.start(count: 0)
    #expect(quiz.phase == .notStarted)
    #expect(quiz.errorMessage == "A quiz needs at least one question.")
    await quiz.start()
    #expect(quiz.phase == .asking)
    #expect(quiz.errorMessage == nil)
  }

  @Test func endingAbandonsTheQuizAndStoresNothing() async {
    let quiz = makeQuiz()
    await quiz.start()
    await quiz.grade(knewIt: true)
    quiz.end()
    #expect(quiz.phase == .notStarted)
    #expect(quiz.position == 0)
    #expect(quiz.knownCount == 0)
    #expect(await sessions.loadAll().isEmpty)
    await quiz.grade(knewIt: true)  // Nothing to grade.
    #expect(quiz.phase == .notStarted)
  }

  @Test func aFailedSaveKeepsTheResultUntilARetryStoresIt() async throws {
    let quiz = makeQuiz()
    await quiz.start(count: 2)
    await sessions.failWrites(with: DiskFull())
    await quiz.grade(knewIt: true)
    await quiz.grade(knewIt: true)
    #expect(quiz.phase == .finished)
    #expect(quiz.hasUnsavedResult)
    #expect(quiz.errorMessage == "the disk is full")
    let result = try #require(quiz.finishedSession)
    #expect(result.knownCount == 2)
    #expect(await sessions.loadAll().isEmpty)

    await quiz.start()  // Would replace the unsaved result: refused.
    #expect(quiz.phase == .finished)
    #expect(quiz.errorMessage?.contains("not saved") == true)

    await quiz.saveResult()  // Still failing.
    #expect(quiz.hasUnsavedResult)
    await sessions.failWrites(with: nil)
    await quiz.saveResult()
    #expect(!quiz.hasUnsavedResult)
    #expect(quiz.errorMessage == nil)
    #expect(await sessions.loadAll() == [result])
  }

  @Test func aTakenIDIsBumpedByOne() async throws {
    let finish = Date(timeIntervalSince1970: 1_795_334_056)
    let taken = StudySession(startedAt: finish, finishedAt: finish)
    try await sessions.save(taken)
    try await sessions.save(StudySession(id: taken.id + 1, startedAt: finish, finishedAt: finish))
    let quiz = makeQuiz()
    await quiz.start(count: 1)
    await quiz.grade(knewIt: true)
    let session = try #require(quiz.finishedSession)
    #expect(session.finishedAt == finish)
    #expect(session.id == taken.id + 2)
    #expect(await sessions.loadAll().count == 3)
  }

  @available(macOS 26, iOS 26, *)
  @Test func eachCallIsOneObservedChange() async {
    let quiz = makeQuiz()
    await sessions.failWrites(with: DiskFull())
    let recorder = ObservationRecorder(
      Observations {
        "\(quiz.phase) \(quiz.position)/\(quiz.total) known \(quiz.knownCount)"
          + " \(quiz.finishedSession == nil ? "-" : "session")"
          + " \(quiz.hasUnsavedResult ? "unsaved" : "-") \(quiz.errorMessage ?? "-")"
      })
    await recorder.waitForCount(1)
    await quiz.start(count: 2)
    await recorder.waitForCount(2)
    quiz.revealAnswer()
    await recorder.waitForCount(3)
    await quiz.grade(knewIt: true)
    await recorder.waitForCount(4)
    await quiz.grade(knewIt: false)
    await recorder.waitForCount(5)
    await sessions.failWrites(with: nil)
    await quiz.saveResult()
    await recorder.waitForCount(6)
    quiz.end()
    await recorder.waitForCount(7)
    await recorder.settle()
    #expect(
      recorder.values == [
        "notStarted 0/0 known 0 - - -",
        "asking 0/2 known 0 - - -",
        "revealed 0/2 known 0 - - -",
        "asking 1/2 known 1 - - -",
        "finished 2/2 known 1 session unsaved the disk is full",
        "finished 2/2 known 1 session - -",
        "notStarted 0/0 known 0 - - -",
      ])
  }
}

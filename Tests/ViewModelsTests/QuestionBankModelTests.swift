// The app's flows without any front end: the editor, deleting, the sample deck, the quiz, statistics.

import FlowKit
import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Observation
import Testing
import ViewModels

private struct StoreRefused: Error, CustomStringConvertible {
  var description: String { "the store refused" }
}

@MainActor @Suite struct QuestionBankModelTests {
  let first = Question(prompt: "What does an actor guarantee?", answer: "One task at a time")
  let second = Question(prompt: "Why fsync the folder?", answer: "So the rename is durable")

  /// A model over in-memory stores holding `questions`, loaded.
  func makeModel(
    _ questions: [Question]? = nil, offersSampleDeck: Bool = false
  ) async -> (QuestionBankModel, InMemoryRepository<Question>, InMemoryRepository<StudySession>) {
    let repository = InMemoryRepository(questions ?? [first, second])
    let sessions = InMemoryRepository<StudySession>()
    let list = QuestionListViewModel(repository: repository)
    await list.load()
    let model = QuestionBankModel(
      list: list, quiz: QuizViewModel(questions: repository, sessions: sessions, arrange: { $0 }),
      statistics: StatisticsViewModel(sessions: sessions), offersSampleDeck: offersSampleDeck)
    return (model, repository, sessions)
  }

  /// The editor the model shows, if it shows one.
  func editor(of model: QuestionBankModel) -> QuestionEditorViewModel? {
    if case .editor(let editor) = model.destination { editor } else { nil }
  }

  @Test func addingOpensAnEmptyFormAndSavingClosesItWithANotice() async throws {
    let (model, repository, _) = await makeModel()
    #expect(model.destination == nil)
    model.addQuestion()
    let form = try #require(editor(of: model))
    #expect(!form.isEditing)
    form.prompt = "What is a task group?"
    form.answer = "Structured child tasks"
    let saved = try #require(await model.saveEditor(form))
    #expect(model.destination == nil)
    #expect(model.notice == "Added the question.")
    #expect(await repository.find(by: saved.id) == saved)
    #expect(model.list.items.last == saved)
  }

  @Test func aFormWithProblemsStaysOpenAndStoresNothing() async throws {
    let (model, repository, _) = await makeModel()
    model.addQuestion()
    let form = try #require(editor(of: model))
    form.prompt = "   "
    #expect(await model.saveEditor(form) == nil)
    #expect(editor(of: model) === form)
    #expect(form.problems[.prompt] != nil)
    #expect(await repository.loadAll().count == 2)
  }

  @Test func aRefusedSaveKeepsTheFormAndWhatWasTyped() async throws {
    let (model, repository, _) = await makeModel()
    model.edit(first)
    let form = try #require(editor(of: model))
    #expect(form.isEditing)
    form.answer = "Serial access to its state"
    await repository.failWrites(with: StoreRefused())
    #expect(await model.saveEditor(form) == nil)
    #expect(editor(of: model) === form)
    #expect(form.answer == "Serial access to its state")
    #expect(model.list.errorMessage == "the store refused")
    await repository.failWrites(with: nil)
    let saved = try #require(await model.saveEditor(form))
    #expect(saved.id == first.id)
    #expect(model.notice == "Saved your changes.")
    #expect(model.list.errorMessage == nil)
  }

  @Test func deletingAsksFirstAndNoKeepsTheQuestion() async {
    let (model, repository, _) = await makeModel()
    model.askToDelete(first)
    guard case .confirmDeletion(let asked) = model.destination else {
      Issue.record("expected a confirmation, got \(String(describing: model.destination))")
      return
    }
    #expect(asked == first)
    model.dismiss()
    #expect(model.destination == nil)
    #expect(await repository.loadAll().count == 2)

    model.askToDelete(first)
    #expect(await model.confirmDeletion(of: first))
    #expect(model.destination == nil)
    #expect(model.notice == "Deleted “\(first.prompt)”.")
    #expect(await repository.loadAll() == [second])
    #expect(model.list.items == [second])
  }

  @Test func aRefusedDeleteGoesBackToTheListWithTheError() async {
    let (model, repository, _) = await makeModel()
    await repository.failWrites(with: StoreRefused())
    model.askToDelete(first)
    #expect(await !model.confirmDeletion(of: first))
    #expect(model.destination == nil)
    #expect(model.notice == nil)
    #expect(model.list.errorMessage == "the store refused")
    #expect(model.list.items == [first, second])
  }

  @Test func dismissingWithNothingShownKeepsTheNotice() async {
    let (model, repository, _) = await makeModel()
    model.askToDelete(first)
    await model.confirmDeletion(of: first)
    model.dismiss()
    #expect(await repository.loadAll() == [second])
    #expect(model.notice == "Deleted “\(first.prompt)”.")
  }

  @Test func aNewStoreIsOfferedTheSampleDeck() async {
    let (model, repository, _) = await makeModel([], offersSampleDeck: true)
    guard case .screen(.sampleDeckOffer) = model.destination else {
      Issue.record("expected the sample-deck offer first")
      return
    }
    await model.loadSampleDeck()
    #expect(model.destination == nil)
    #expect(model.notice == "Loaded \(Question.sampleDeck.count) sample questions.")
    #expect(await repository.loadAll().count == Question.sampleDeck.count)

    let (declined, empty, _) = await makeModel([], offersSampleDeck: true)
    declined.dismiss()
    #expect(declined.destination == nil)
    #expect(await empty.loadAll().isEmpty)
  }

  @Test func choosingATagFiltersTheListAndGoesBack() async {
    let tagged = Question(prompt: "p", answer: "a", tags: ["actors"])
    let (model, _, _) = await makeModel([first, tagged])
    model.chooseTag()
    guard case .screen(.tagFilter) = model.destination else {
      Issue.record("expected the tag filter")
      return
    }
    model.filter(byTag: "actors")
    #expect(model.destination == nil)
    #expect(model.list.items == [tagged])
  }

  @Test func aQuizStartsFromTheTagFilterAndLeavesForTheList() async {
    let tagged = Question(prompt: "p", answer: "a", tags: ["actors"])
    let (model, _, sessions) = await makeModel([first, tagged])
    model.filter(byTag: "actors")
    await model.startQuiz()
    guard case .screen(.quiz) = model.destination else {
      Issue.record("expected the quiz")
      return
    }
    #expect(model.quiz.total == 1)
    await model.quiz.grade(knewIt: true)
    #expect(await sessions.loadAll().count == 1)
    model.leaveQuiz()
    #expect(model.destination == nil)
    #expect(model.quiz.phase == .notStarted)
  }

  @Test func leavingAnUnsavedResultAsksFirstAndARetryStoresIt() async {
    let (model, _, sessions) = await makeModel([first])
    await sessions.failWrites(with: StoreRefused())
    await model.startQuiz()
    await model.quiz.grade(knewIt: true)
    #expect(model.quiz.hasUnsavedResult)
    model.leaveQuiz()
    #expect(model.isConfirmingDiscard)
    guard case .screen(.quiz) = model.destination else {
      Issue.record("the first leave must only warn")
      return
    }
    await sessions.failWrites(with: nil)
    await model.retrySavingResult()
    #expect(!model.quiz.hasUnsavedResult)
    #expect(!model.isConfirmingDiscard)
    #expect(await sessions.loadAll().count == 1)
    model.dismiss()  // Back from a quiz goes through leaveQuiz.
    #expect(model.destination == nil)
  }

  @Test func leavingAQuizWithAnswersGivenAsksFirst() async {
    let (model, _, _) = await makeModel([first, Question(prompt: "second", answer: "a")])
    await model.startQuiz()
    await model.quiz.grade(knewIt: true)
    #expect(model.quiz.position == 1)
    model.leaveQuiz()
    #expect(model.isConfirmingDiscard)
    guard case .screen(.quiz) = model.destination else {
      Issue.record("the first leave must only warn")
      return
    }
    await model.quiz.grade(knewIt: false)  // Answering goes on; the next leave is done.
    model.leaveQuiz()
    #expect(model.destination == nil)
  }

  @Test func leavingAQuizBeforeTheFirstAnswerLeavesAtOnce() async {
    let (model, _, _) = await makeModel([first, Question(prompt: "second", answer: "a")])
    await model.startQuiz()
    model.leaveQuiz()
    #expect(model.destination == nil)
  }

  @Test func leavingTwiceLeavesAQuizWithAnswersGiven() async {
    let (model, _, sessions) = await makeModel([first, Question(prompt: "second", answer: "a")])
    await model.startQuiz()
    await model.quiz.grade(knewIt: true)
    model.leaveQuiz()
    model.leaveQuiz()
    #expect(model.destination == nil)
    #expect(await sessions.loadAll().isEmpty)
  }

  @Test func leavingTwiceDiscardsAnUnsavedResult() async {
    let (model, _, sessions) = await makeModel([first])
    await sessions.failWrites(with: StoreRefused())
    await model.startQuiz()
    await model.quiz.grade(knewIt: false)
    model.leaveQuiz()
    model.leaveQuiz()
    #expect(model.destination == nil)
    #expect(!model.quiz.hasUnsavedResult)
    #expect(!model.isConfirmingDiscard)
    #expect(await sessions.loadAll().isEmpty)
  }

  @Test func statisticsAreReadAfreshWhenShown() async throws {
    let (model, _, sessions) = await makeModel()
    let session = StudySession(
      startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 60),
      answers: [StudyAnswer(questionID: first.id, tags: [], knewIt: true)])
    try await sessions.save(session)
    await model.showStatistics()
    guard case .screen(.statistics) = model.destination else {
      Issue.record("expected the statistics")
      return
    }
    #expect(model.statistics.statistics.sessionCount == 1)
  }

  @Test func everyMoveClearsTheLastNotice() async throws {
    let (model, _, _) = await makeModel()
    model.askToDelete(second)
    await model.confirmDeletion(of: second)
    #expect(model.notice != nil)
    model.chooseTag()
    #expect(model.notice == nil)
  }

  /// A front end redraws once per action: saving the form changes the destination, the
  /// notice and the list in one observed transaction.
  @available(macOS 26, iOS 26, *)
  @Test func savingTheFormIsOneObservedChange() async throws {
    let (model, _, _) = await makeModel()
    model.addQuestion()
    let form = try #require(editor(of: model))
    form.prompt = "p"
    form.answer = "a"
    let recorder = ObservationRecorder(
      Observations { (model.destination == nil, model.notice, model.list.items.count) })
    await recorder.waitForCount(1)
    await model.saveEditor(form)
    await recorder.waitForCount(2)
    await recorder.settle()
    #expect(
      recorder.values.map { "\($0.0) \($0.1 ?? "-") \($0.2)" } == [
        "false - 2", "true Added the question. 3",
      ])
  }
}

// The full-screen state against in-memory stores: what each action does, and one redraw per key.

import FlowKit
import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Observation
import TerminalUI
import Testing
import ViewModels

@testable import App

@MainActor @Suite struct FullScreenStateTests {
  private let size = TerminalSize(columns: 80, rows: 24)

  @Test func movingKeepsTheSelectionInTheListAndOnScreen() async {
    let many = (0..<40).map { Question(prompt: "Question \($0)", answer: "Answer \($0)") }
    let (state, _) = await FullScreenFixtures.state(
      size: TerminalSize(columns: 40, rows: 10), questions: many)
    await state.perform(.moveUp)
    #expect(state.selection == 0)
    await state.perform(.moveToLast)
    #expect(state.selection == 39)
    #expect(state.scrollOffset == 39 - state.visibleRowCount + 1)
    await state.perform(.pageUp)
    #expect(state.selection == 39 - state.visibleRowCount)
    await state.perform(.moveToFirst)
    #expect((state.selection, state.scrollOffset) == (0, 0))
    await state.perform(.pageDown)
    #expect(state.selection == state.visibleRowCount)
    let frame = FrameComposer.frame(for: state)
    let selectedRow = 1 + state.selection - state.scrollOffset
    #expect(frame.lines[selectedRow].contains("Question \(state.selection)"))
    #expect(frame[selectedRow, 5].style.isReversed)
    #expect(!frame[selectedRow - 1, 5].style.isReversed)
  }

  @Test func addingThroughTheFormSavesAndSelectsTheNewQuestion() async throws {
    let (state, repository) = await FullScreenFixtures.state(size: size)
    await state.perform(.addQuestion)
    for character in "What is a task group?" { await state.perform(.type(character)) }
    await state.perform(.nextField)
    for character in "Structured child tasks" { await state.perform(.type(character)) }
    await state.perform(.nextField)
    for character in "tasks, concurrency" { await state.perform(.type(character)) }
    await state.perform(.save)
    #expect(state.page == .list)
    let saved = try #require(await repository.loadAll().last)
    #expect(saved.prompt == "What is a task group?")
    #expect(saved.tags == ["tasks", "concurrency"])
    #expect(state.selectedQuestion == saved)
    #expect(state.status == .info("Added the question."))
  }

  @Test func editingKeepsTheIdentity() async throws {
    let (state, repository) = await FullScreenFixtures.state(size: size)
    await state.perform(.editSelected)
    await state.perform(.nextField)
    await state.perform(.clearField)
    for character in "One task at a time" { await state.perform(.type(character)) }
    await state.perform(.save)
    let edited = try #require(await repository.find(by: Fixtures.actor.id))
    #expect(edited.answer == "One task at a time")
    #expect(edited.createdAt == Fixtures.actor.createdAt)
    #expect(await repository.loadAll().count == FullScreenFixtures.questions.count)
  }

  @Test func theCursorEditsInsideAFieldAndTheSearch() async throws {
    let (state, repository) = await FullScreenFixtures.state(size: size)
    await state.perform(.editSelected)
    await state.perform(.moveCursorToStart)
    for character in "Q: " { await state.perform(.type(character)) }
    #expect(FrameComposer.frame(for: state).lines[2].contains("Q: ▏What does an actor"))
    await state.perform(.save)
    let edited = try #require(await repository.find(by: Fixtures.actor.id))
    #expect(edited.prompt == "Q: What does an actor guarantee?")

    await state.perform(.startSearch)
    for character in "sendble" { await state.perform(.type(character)) }
    #expect(state.list.items.isEmpty)
    for _ in 0..<3 { await state.perform(.moveCursorLeft) }
    await state.perform(.type("a"))
    #expect(state.list.searchText == "sendable")
    #expect(state.list.items == [Fixtures.sendable])
    #expect(FrameComposer.frame(for: state).lines[0].contains("/senda▏ble"))
  }

  @Test func cancellingTheFormSavesNothing() async {
    let (state, repository) = await FullScreenFixtures.state(size: size)
    await state.perform(.addQuestion)
    await state.perform(.type("x"))
    await state.perform(.goBack)
    #expect(state.page == .list)
    #expect(await repository.loadAll().count == FullScreenFixtures.questions.count)
  }

  @Test func deletingAsksFirst() async {
    let (state, repository) = await FullScreenFixtures.state(size: size)
    await state.perform(.deleteSelected)
    #expect(state.page == .confirmDelete)
    await state.perform(.goBack)
    #expect(await repository.loadAll().count == 5)
    await state.perform(.deleteSelected)
    await state.perform(.confirm)
    #expect(await repository.find(by: Fixtures.actor.id) == nil)
    #expect(state.page == .list)
  }

  @Test func aFailedDeleteKeepsTheScreenAndShowsWhy() async {
    let (state, repository) = await FullScreenFixtures.state(size: size)
    await repository.failWrites(
      with: PersistenceError.lockTimeout(
        URL(fileURLWithPath: "/x.lock"), seconds: 10))
    await state.perform(.deleteSelected)
    await state.perform(.confirm)
    #expect(state.page == .list)
    #expect(state.list.errorMessage != nil)
    #expect(FrameComposer.frame(for: state).lines[22].contains("/x.lock"))
  }

  @Test func theTagFilterAndSearchNarrowTheList() async {
    let (state, _) = await FullScreenFixtures.state(size: size)
    await state.perform(.chooseTag)
    #expect(state.page == .tags)
    await state.perform(.moveDown)
    await state.perform(.applyTag)
    #expect(state.list.tag == "concurrency")
    #expect(state.list.items.count == 2)
    await state.perform(.startSearch)
    for character in "sendable" { await state.perform(.type(character)) }
    #expect(state.list.items == [Fixtures.sendable])
    await state.perform(.goBack)
    #expect(state.list.searchText.isEmpty)
    await state.perform(.goBack)
    #expect(state.list.tag == nil)
    #expect(state.list.items.count == 5)
  }

  @Test func aQuizRunsToItsScoreAndIsStored() async {
    let (state, _) = await FullScreenFixtures.state(size: size)
    await state.perform(.startQuiz)
    #expect(state.quiz.total == 5)
    for known in [true, false, true, true, false] {
      await state.perform(.knewIt)  // Not before the answer is shown.
      await state.perform(.revealAnswer)
      await state.perform(known ? .knewIt : .didNotKnowIt)
    }
    #expect(state.quiz.phase == .finished)
    #expect(state.quiz.knownCount == 3)
    await state.perform(.goBack)
    await state.perform(.showStatistics)
    #expect(state.statistics.statistics.sessionCount == 1)
  }

  @Test func anUnsavedQuizResultIsRetriedOrDiscardedOnlyOnPurpose() async throws {
    let questions = InMemoryRepository([Fixtures.actor])
    let sessions = InMemoryRepository<StudySession>()
    let list = QuestionListViewModel(repository: questions)
    await list.load()
    let model = QuestionBankModel(
      list: list, quiz: QuizViewModel(questions: questions, sessions: sessions),
      statistics: StatisticsViewModel(sessions: sessions))
    let state = FullScreenState(model: model, size: size)
    await sessions.failWrites(
      with: PersistenceError.lockTimeout(
        URL(fileURLWithPath: "/s.lock"), seconds: 10))
    await state.perform(.startQuiz)
    await state.perform(.revealAnswer)
    await state.perform(.knewIt)
    #expect(state.quiz.hasUnsavedResult)
    #expect(state.canPerform(.confirm))
    await state.perform(.goBack)
    #expect(state.page == .quiz)
    #expect(state.status == FullScreenState.discardWarning)
    await state.perform(.confirm)  // r: still failing.
    #expect(state.quiz.hasUnsavedResult)
    await sessions.failWrites(with: nil)
    await state.perform(.confirm)
    #expect(!state.quiz.hasUnsavedResult)
    #expect(await sessions.loadAll().count == 1)
    await state.perform(.goBack)
    #expect(state.page == .list)
  }

  @Test func loadingTheSampleDeckFromTheOffer() async {
    let (state, repository) = await FullScreenFixtures.state(
      size: size, questions: [], offersSample: true)
    #expect(state.page == .sampleOffer)
    await state.perform(.confirm)
    #expect(state.page == .list)
    #expect(await repository.loadAll().count == Question.sampleDeck.count)
  }

  @Test func helpScrollsWhenItDoesNotFit() async {
    let (state, _) = await FullScreenFixtures.state(size: TerminalSize(columns: 40, rows: 10))
    await state.perform(.showHelp)
    let top = FrameComposer.frame(for: state).lines
    #expect(top[1] == " List")
    #expect(top[9].contains("j/k scroll"))
    for _ in 0..<200 { await state.perform(.moveDown) }
    let bottom = FrameComposer.frame(for: state).lines
    #expect(bottom[7] == " Ctrl-C quits anywhere.")
    await state.perform(.goBack)
    #expect(state.page == .list)
    let (wide, _) = await FullScreenFixtures.state(size: size)
    await wide.perform(.showHelp)
    await wide.perform(.moveDown)
    #expect(wide.helpScrollOffset == 0)
    #expect(!FrameComposer.frame(for: wide).lines[23].contains("scroll"))
  }

  @Test func quitAndInterruptSetTheExitStatus() async {
    let (state, _) = await FullScreenFixtures.state(size: size)
    await state.perform(.quit)
    #expect(state.exitStatus == 0)
    let (other, _) = await FullScreenFixtures.state(size: size)
    await other.perform(.interrupt)
    #expect(other.exitStatus == 130)
  }

  /// What the run loop relies on: each action changes the observed frame once, not in steps.
  @available(macOS 26, iOS 26, *)
  @Test func eachActionIsObservedAsOneNewFrame() async {
    let (state, _) = await FullScreenFixtures.state(size: size)
    let recorder = ObservationRecorder(Observations { FrameComposer.frame(for: state) })
    await recorder.waitForCount(1)
    let actions: [Action] = [.moveDown, .deleteSelected, .confirm, .startSearch, .type("w")]
    for (index, action) in actions.enumerated() {
      await state.perform(action)
      await recorder.waitForCount(index + 2)
    }
    state.size = TerminalSize(columns: 40, rows: 10)
    await recorder.waitForCount(actions.count + 2)
    await recorder.settle()
    #expect(recorder.values.count == actions.count + 2)
    #expect(recorder.values.last?.columns == 40)
  }
}

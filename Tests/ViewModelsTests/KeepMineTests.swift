// Keeping one's own version of a conflicting edit never overwrites a change the person was not shown.

import FlowKit
import Foundation
import LocalStore
import Models
import Testing
import ViewModels

@MainActor @Suite(.timeLimit(.minutes(1))) struct KeepMineTests {
  let original = Question(prompt: "What does fsync do?", answer: "Flushes to disk")

  /// A model over `repository` with its list loaded.
  func makeModel(_ repository: any Repository<Question>) async -> QuestionBankModel {
    let sessions = InMemoryRepository<StudySession>()
    let list = QuestionListViewModel(repository: repository)
    await list.load()
    return QuestionBankModel(
      list: list, quiz: QuizViewModel(questions: repository, sessions: sessions),
      statistics: StatisticsViewModel(sessions: sessions))
  }

  /// `original` with its answer replaced.
  func answered(_ answer: String) -> Question {
    var question = original
    question.answer = answer
    return question
  }

  /// Opens the editor on `original`, types `answer` over its answer and returns the form.
  func edit(_ model: QuestionBankModel, answer: String) throws -> QuestionEditorViewModel {
    model.edit(original)
    let editor = try #require(
      { if case .editor(let editor) = model.destination { editor } else { nil } }())
    editor.answer = answer
    return editor
  }

  /// What the full-screen app's `m` key does on the conflict page: keep mine over the
  /// version the page shows.
  func keepMineAsShown(_ model: QuestionBankModel) async -> Question? {
    guard case .editConflict(let yours, let theirs) = model.destination else { return nil }
    return await model.keepMine(yours, over: theirs)
  }

  @Test func keepingMineAsksAgainWhenTheOtherVersionChangedSinceItWasShown() async throws {
    let repository = InMemoryRepository([original])
    let model = await makeModel(repository)
    let other = QuestionListViewModel(repository: repository)
    let form = try edit(model, answer: "mine")
    #expect(await other.add(answered("theirs, first")))
    #expect(await model.saveEditor(form) == nil)
    #expect(await other.add(answered("theirs, second")))

    #expect(await keepMineAsShown(model) == nil)
    guard case .editConflict(let yours, let theirs) = model.destination else {
      Issue.record("expected the conflict again, got \(String(describing: model.destination))")
      return
    }
    #expect(yours.answer == "mine")
    #expect(theirs?.answer == "theirs, second")
    #expect(await repository.find(by: original.id)?.answer == "theirs, second")

    let kept = try #require(await keepMineAsShown(model))
    #expect(kept.answer == "mine")
    #expect(await repository.find(by: original.id)?.answer == "mine")
  }

  @Test func keepingMineAsksAgainWhenTheQuestionWasDeletedSinceItWasShown() async throws {
    let repository = InMemoryRepository([original])
    let model = await makeModel(repository)
    let other = QuestionListViewModel(repository: repository)
    let form = try edit(model, answer: "mine")
    #expect(await other.add(answered("theirs")))
    #expect(await model.saveEditor(form) == nil)
    #expect(await other.remove(original.id))

    #expect(await keepMineAsShown(model) == nil)
    guard case .editConflict(_, let theirs) = model.destination else {
      Issue.record("expected the conflict again")
      return
    }
    #expect(theirs == nil)
    #expect(await repository.find(by: original.id) == nil)
  }

  @Test func theNoticeSaysSoWhenAnotherWriterReplacesWhatWasJustSaved() async throws {
    let repository = InMemoryRepository([original])
    let model = await makeModel(repository)
    let other = QuestionListViewModel(repository: repository)
    let form = try edit(model, answer: "mine")
    #expect(await model.saveEditor(form) != nil)
    #expect(model.notice == "Saved your changes.")

    #expect(await other.add(answered("theirs")))
    await model.list.load()  // What following the store's changes does.
    let notice = try #require(model.notice)
    #expect(notice != "Saved your changes.")
    #expect(notice.contains("changed by another writer"))

    #expect(await other.remove(original.id))
    await model.list.load()
    #expect(model.notice?.contains("deleted by another writer") == true)
  }

  @Test func theNoticeStaysWhenOnlyOtherQuestionsChange() async throws {
    let repository = InMemoryRepository([original])
    let model = await makeModel(repository)
    let other = QuestionListViewModel(repository: repository)
    let form = try edit(model, answer: "mine")
    #expect(await model.saveEditor(form) != nil)
    #expect(await other.add(Question(prompt: "Another", answer: "one")))
    await model.list.load()
    #expect(model.notice == "Saved your changes.")
  }
}

@MainActor @Suite struct SampleDeckOfferTests {
  func makeModel(declined: @escaping @MainActor () -> Void) -> QuestionBankModel {
    let repository = InMemoryRepository<Question>()
    let sessions = InMemoryRepository<StudySession>()
    return QuestionBankModel(
      list: QuestionListViewModel(repository: repository),
      quiz: QuizViewModel(questions: repository, sessions: sessions),
      statistics: StatisticsViewModel(sessions: sessions), offersSampleDeck: true,
      onSampleDeckDeclined: declined)
  }

  @Test func decliningTheOfferIsReportedSoTheFrontEndCanRememberIt() {
    var declined = 0
    let model = makeModel { declined += 1 }
    model.dismiss()
    #expect(declined == 1)
    #expect(model.destination == nil)
    model.dismiss()
    #expect(declined == 1)
  }

  @Test func loadingTheDeckIsNotADecline() async {
    var declined = 0
    let model = makeModel { declined += 1 }
    await model.loadSampleDeck()
    #expect(declined == 0)
  }
}

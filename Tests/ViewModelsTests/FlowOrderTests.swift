// Each step of a flow does what the person chose, whatever closed its dialog before it ran.

import FlowKit
import LocalStore
import Models
import Testing
import ViewModels

/// The flows in the orders front ends drive them.
///
/// The full-screen app's keys run one at a time: `y` on the confirmation reads the question
/// it asks about and awaits ``QuestionBankModel/confirmDeletion(of:)``, `m` on a conflict
/// awaits ``QuestionBankModel/keepMine(_:over:)`` with the versions shown. A SwiftUI dialog
/// runs its button's action, which may start a task, then sets its presentation binding to
/// `false` (``QuestionBankModel/dismiss()``), and only then the task runs. Both orders must
/// end with what the person chose.
@MainActor @Suite struct FlowOrderTests {
  let first = Question(prompt: "What does an actor guarantee?", answer: "One task at a time")
  let second = Question(prompt: "Why fsync the folder?", answer: "So the rename is durable")

  func makeModel(
    _ repository: InMemoryRepository<Question>
  ) async -> QuestionBankModel {
    let sessions = InMemoryRepository<StudySession>()
    let list = QuestionListViewModel(repository: repository)
    await list.load()
    return QuestionBankModel(
      list: list, quiz: QuizViewModel(questions: repository, sessions: sessions),
      statistics: StatisticsViewModel(sessions: sessions))
  }

  /// What the full-screen app's `y` does on the confirmation page.
  func pressYes(_ model: QuestionBankModel) async {
    guard case .confirmDeletion(let question) = model.destination else { return }
    await model.confirmDeletion(of: question)
  }

  /// What the full-screen app's `m` does on the conflict page.
  func pressKeepMine(_ model: QuestionBankModel) async {
    guard case .editConflict(let yours, let theirs) = model.destination else { return }
    await model.keepMine(yours, over: theirs)
  }

  /// Edits `first` into "mine" while another writer changes it into "theirs", and saves:
  /// the conflict is shown.
  func conflict(
    _ model: QuestionBankModel, _ repository: InMemoryRepository<Question>
  ) async throws
    -> (yours: Question, theirs: Question)
  {
    model.edit(first)
    guard case .editor(let form) = model.destination else { throw FlowError.noEditor }
    form.answer = "mine"
    var theirs = first
    theirs.answer = "theirs"
    try await repository.save(theirs)
    #expect(await model.saveEditor(form) == nil)
    guard case .editConflict(let yours, let shown) = model.destination, shown == theirs else {
      throw FlowError.noConflict
    }
    return (yours, theirs)
  }

  @Test func keysDeleteOnYesAndKeepOnEscape() async {
    let repository = InMemoryRepository([first, second])
    let model = await makeModel(repository)
    model.askToDelete(first)
    model.dismiss()  // Esc
    #expect(await repository.loadAll() == [first, second])
    model.askToDelete(first)
    await pressYes(model)
    #expect(model.destination == nil)
    #expect(await repository.loadAll() == [second])
    #expect(model.notice == "Deleted “\(first.prompt)”.")
  }

  @Test func aDeletionGoesThroughWhenItsDialogClosedBeforeItRan() async {
    let repository = InMemoryRepository([first, second])
    let model = await makeModel(repository)
    model.askToDelete(first)
    let deleting = Task { await model.confirmDeletion(of: first) }  // The button's action.
    model.dismiss()  // The binding set to false.
    #expect(await deleting.value)  // The task.
    #expect(await repository.loadAll() == [second])
    #expect(model.destination == nil)
    #expect(model.notice == "Deleted “\(first.prompt)”.")
    model.dismiss()  // Once more, after the action: nothing to close, the notice stays.
    #expect(model.notice == "Deleted “\(first.prompt)”.")
  }

  @Test func aFinishedDeletionLeavesWhatThePersonOpenedSince() async throws {
    let repository = InMemoryRepository([first, second])
    let model = await makeModel(repository)
    model.askToDelete(first)
    let deleting = Task { await model.confirmDeletion(of: first) }
    model.dismiss()
    model.addQuestion()
    #expect(await deleting.value)
    guard case .editor = model.destination else {
      Issue.record("the form opened meanwhile was closed: \(String(describing: model.destination))")
      return
    }
    #expect(await repository.loadAll() == [second])
  }

  @Test func keysKeepMineOnMAndTheirsOnT() async throws {
    let repository = InMemoryRepository([first])
    let model = await makeModel(repository)
    let (yours, _) = try await conflict(model, repository)
    await pressKeepMine(model)
    #expect(model.destination == nil)
    #expect(await repository.find(by: first.id) == yours)

    let (_, theirs) = try await conflict(model, repository)
    model.keepTheirs()  // t
    #expect(model.destination == nil)
    #expect(await repository.find(by: first.id) == theirs)
  }

  @Test func keepMineGoesThroughWhenItsAlertClosedBeforeItRan() async throws {
    let repository = InMemoryRepository([first])
    let model = await makeModel(repository)
    let (yours, theirs) = try await conflict(model, repository)
    let keeping = Task { await model.keepMine(yours, over: theirs) }
    model.dismiss()
    #expect(await keeping.value == yours)
    #expect(await repository.find(by: first.id) == yours)
    #expect(model.destination == nil)
    #expect(model.notice == "Saved your version.")
  }

  @Test func keepMineAfterTheAlertClosedStillAsksAgainOnANewerChange() async throws {
    let repository = InMemoryRepository([first])
    let model = await makeModel(repository)
    let (yours, theirs) = try await conflict(model, repository)
    let keeping = Task { await model.keepMine(yours, over: theirs) }
    model.dismiss()
    var newer = theirs
    newer.answer = "theirs, again"
    try await repository.save(newer)
    #expect(await keeping.value == nil)
    guard case .editConflict(let shownYours, let shownTheirs) = model.destination else {
      Issue.record("expected the conflict again, got \(String(describing: model.destination))")
      return
    }
    #expect(shownYours == yours)
    #expect(shownTheirs == newer)
    #expect(await repository.find(by: first.id) == newer)
  }

  @Test func aFormSavedThenClosedBeforeTheSaveRanIsSaved() async throws {
    let repository = InMemoryRepository([first])
    let model = await makeModel(repository)
    model.addQuestion()
    guard case .editor(let form) = model.destination else { throw FlowError.noEditor }
    form.prompt = "What is a task group?"
    form.answer = "Structured child tasks"
    let saving = Task { await model.saveEditor(form) }
    model.dismiss()
    let saved = try #require(await saving.value)
    #expect(await repository.find(by: saved.id) == saved)
    #expect(model.notice == "Added the question.")
  }
}

private enum FlowError: Error {
  case noEditor, noConflict
}

// Saving an edit never silently undoes what another writer changed or deleted meanwhile.

import FlowKit
import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Testing
import ViewModels

@MainActor @Suite(.timeLimit(.minutes(1))) struct EditConflictTests {
  let original = Question(prompt: "What does fsync do?", answer: "Flushes to disk")

  /// A model over `repository`, following its changes.
  func makeModel(_ repository: any Repository<Question>) async -> QuestionBankModel {
    let sessions = InMemoryRepository<StudySession>()
    let list = QuestionListViewModel(repository: repository)
    let listFollowing = await Following(list)
    defer { listFollowing.stop() }
    return QuestionBankModel(
      list: list, quiz: QuizViewModel(questions: repository, sessions: sessions),
      statistics: StatisticsViewModel(sessions: sessions))
  }

  /// Opens the editor on `question`, changes its prompt to "mine" and returns the form.
  @discardableResult
  func editToMine(
    _ model: QuestionBankModel, _ question: Question
  ) throws -> QuestionEditorViewModel {
    model.edit(question)
    guard case .editor(let editor) = model.destination else {
      throw ConflictTestError.noEditor
    }
    editor.prompt = "mine"
    return editor
  }

  /// Runs the QuestionWriter child process on the store in `folder`.
  func runWriter(_ arguments: [String], in folder: TemporaryDirectory) async throws {
    let path = folder.url.path
    let result = try await onOwnThread {
      try ChildProcess.runBlocking(
        BuiltProducts.executable("QuestionWriter"), [arguments[0], path] + arguments.dropFirst())
    }
    try #require(result.status == 0, "\(result.standardError)")
  }

  @Test func anUnchangedQuestionSavesAsBefore() async throws {
    let repository = InMemoryRepository([original])
    let model = await makeModel(repository)
    let form = try editToMine(model, original)
    let saved = try #require(await model.saveEditor(form))
    #expect(saved.prompt == "mine")
    #expect(model.destination == nil)
  }

  @Test func anotherProcessesEditIsNotOverwrittenUnlessThePersonSaysSo() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    try await repository.save(original)
    let model = await makeModel(repository)
    let form = try editToMine(model, original)
    try await runWriter(["edit", original.id.uuidString, "theirs"], in: folder)

    #expect(await model.saveEditor(form) == nil)
    guard case .editConflict(let yours, let theirs) = model.destination else {
      Issue.record("expected a conflict, got \(String(describing: model.destination))")
      return
    }
    #expect(yours.prompt == "mine")
    #expect(theirs?.prompt == "theirs")
    #expect(await repository.find(by: original.id)?.prompt == "theirs")

    let kept = try #require(await model.keepMine(yours, over: theirs))
    #expect(kept.prompt == "mine")
    #expect(model.destination == nil)
    let reopened = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    #expect(await reopened.find(by: original.id)?.prompt == "mine")
  }

  @Test func aQuestionAnotherProcessDeletedIsNotBroughtBack() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    try await repository.save(original)
    let model = await makeModel(repository)
    let form = try editToMine(model, original)
    try await runWriter(["delete", original.id.uuidString], in: folder)

    #expect(await model.saveEditor(form) == nil)
    guard case .editConflict(_, let theirs) = model.destination else {
      Issue.record("expected a conflict, got \(String(describing: model.destination))")
      return
    }
    #expect(theirs == nil)
    model.keepTheirs()
    #expect(model.destination == nil)
    #expect(model.notice == "The question stays deleted.")
    let reopened = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    #expect(await reopened.find(by: original.id) == nil)
  }

  @Test func anotherViewModelsEditInTheSameProcessIsAConflictToo() async throws {
    let repository = InMemoryRepository([original])
    let model = await makeModel(repository)
    let other = QuestionListViewModel(repository: repository)
    let form = try editToMine(model, original)
    var theirs = original
    theirs.answer = "theirs"
    #expect(await other.add(theirs))
    #expect(await model.saveEditor(form) == nil)
    guard case .editConflict(_, let current) = model.destination else {
      Issue.record("expected a conflict")
      return
    }
    #expect(current == theirs)
    model.dismiss()
    #expect(await repository.find(by: original.id) == theirs)
  }
}

private enum ConflictTestError: Error {
  case noEditor
}

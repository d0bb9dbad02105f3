// The add/edit form: what it accepts, the problems it reports, and what an edit keeps.

import Foundation
import LocalStoreTestSupport
import Models
import Observation
import Testing
import ViewModels

@MainActor @Suite struct QuestionEditorViewModelTests {
  @Test func anEmptyFormReportsThePromptAndAnswer() {
    let editor = QuestionEditorViewModel()
    #expect(!editor.isEditing)
    editor.prompt = "   "
    editor.answer = "\n"
    #expect(editor.validatedQuestion() == nil)
    #expect(editor.problems == [.prompt: "Enter a prompt.", .answer: "Enter an answer."])
  }

  @Test func aNewQuestionIsTrimmedWithTagsParsed() throws {
    let editor = QuestionEditorViewModel()
    editor.prompt = "  What does an actor guarantee?\n"
    editor.answer = " Serial access \n to its state "
    editor.tags = "actors, , Concurrency,ACTORS ,  io  ,"
    let question = try #require(editor.validatedQuestion())
    #expect(question.prompt == "What does an actor guarantee?")
    #expect(question.answer == "Serial access \n to its state")
    #expect(question.tags == ["actors", "Concurrency", "io"])
    #expect(editor.problems.isEmpty)
  }

  @Test func anEditKeepsTheIDAndCreationDate() throws {
    let original = Question(
      prompt: "Old prompt", answer: "Old answer", tags: ["a", "b"],
      createdAt: Date(timeIntervalSince1970: 1_795_334_055.25))
    let editor = QuestionEditorViewModel(editing: original)
    #expect(editor.isEditing)
    #expect(editor.prompt == "Old prompt")
    #expect(editor.tags == "a, b")
    editor.prompt = "New prompt"
    editor.tags = ""
    let edited = try #require(editor.validatedQuestion())
    #expect(edited.id == original.id)
    #expect(edited.createdAt == original.createdAt)
    #expect(edited.prompt == "New prompt")
    #expect(edited.answer == "Old answer")
    #expect(edited.tags.isEmpty)
  }

  @Test func tooLongFieldsAreReportedWithTheLimit() {
    let editor = QuestionEditorViewModel()
    editor.prompt = String(repeating: "p", count: QuestionContent.maximumPromptLength + 1)
    editor.answer = String(repeating: "a", count: QuestionContent.maximumAnswerLength)
    editor.tags =
      "ok, " + String(repeating: "t", count: QuestionContent.maximumTagLength + 1)
    #expect(editor.validatedQuestion() == nil)
    #expect(Set(editor.problems.keys) == [.prompt, .tags])
    #expect(editor.problems[.prompt]?.contains("1000 characters") == true)
    #expect(editor.problems[.tags]?.contains("50 characters") == true)
  }

  @Test func editingAFieldClearsOnlyItsProblem() {
    let editor = QuestionEditorViewModel()
    _ = editor.validatedQuestion()
    #expect(Set(editor.problems.keys) == [.prompt, .answer])
    editor.prompt = "W"
    #expect(Set(editor.problems.keys) == [.answer])
    editor.answer = editor.answer  // The same text is not an edit.
    #expect(Set(editor.problems.keys) == [.answer])
    editor.answer = "x"
    #expect(editor.problems.isEmpty)
  }

  @available(macOS 26, iOS 26, *)
  @Test func validatingIsOneObservedChange() async {
    let editor = QuestionEditorViewModel()
    let recorder = ObservationRecorder(Observations { editor.problems.count })
    await recorder.waitForCount(1)
    _ = editor.validatedQuestion()
    await recorder.waitForCount(2)
    _ = editor.validatedQuestion()  // The same problems again: no change.
    editor.prompt = "p"
    await recorder.waitForCount(3)
    await recorder.settle()
    #expect(recorder.values == [0, 2, 1])
  }
}

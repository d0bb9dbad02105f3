// Checks exercise 8: an edit saved over another writer's newer change is refused, not applied.

import Persistence
import Testing

@testable import Exercise08

@MainActor @Suite struct NoteEditorTests {
  @Test func editIsSaved() async throws {
    let note = Note(text: "Buy milk")
    let repository = InMemoryRepository([note])
    let editor = NoteEditor(repository: repository)
    await editor.open(note.id)
    editor.text = "Buy oat milk"
    #expect(try await editor.saveEdit())
    #expect(await repository.find(by: note.id)?.text == "Buy oat milk")
  }

  @Test func editOverAnotherWritersChangeIsRefused() async throws {
    let note = Note(text: "Buy milk")
    let repository = InMemoryRepository([note])
    let editor = NoteEditor(repository: repository)
    await editor.open(note.id)
    editor.text = "Buy oat milk"
    // Meanwhile another window (or process) changes the same note.
    try await repository.save(Note(id: note.id, text: "Buy milk and eggs"))
    let saved = try await editor.saveEdit()
    #expect(
      await repository.find(by: note.id)?.text == "Buy milk and eggs",
      "the editor's save silently undid another writer's change")
    #expect(!saved, "saveEdit() said the edit was saved over someone else's change")
  }
}

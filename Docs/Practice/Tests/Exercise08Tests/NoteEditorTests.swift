// Checks exercise 8: an edit saved over another writer's newer change is refused, not
// applied, however the editor checks.

import LocalStore
import Testing

@testable import Exercise08

/// Notes in memory, where another writer's change lands right after any `find(by:)` and
/// before any save: a check made with `find` is then always stale by the time it is acted
/// on, as it is now and then when another window or process saves.
actor ChangedRightAfterLookup: Repository {
  private let notes: InMemoryRepository<Note>
  /// The other writer's change, waiting for its moment.
  private var pending: Note?

  init(_ notes: [Note]) {
    self.notes = InMemoryRepository(notes)
  }

  /// Makes `note` land right after the next lookup, or before the next save.
  func anotherWriterWillSave(_ note: Note) {
    pending = note
  }

  private func landPendingChange() async {
    guard let note = pending else { return }
    pending = nil
    try? await notes.save(note)
  }

  func find(by id: Note.ID) async -> Note? {
    let found = await notes.find(by: id)
    await landPendingChange()
    return found
  }

  func save(_ item: Note) async throws {
    await landPendingChange()
    try await notes.save(item)
  }
  func save(_ item: Note, if condition: @Sendable (Note?) -> Bool) async throws -> Bool {
    await landPendingChange()
    return try await notes.save(item, if: condition)
  }
  func save<Items: Sequence & Sendable>(contentsOf items: Items) async throws
  where Items.Element == Note {
    await landPendingChange()
    try await notes.save(contentsOf: items)
  }
  func insert(_ item: Note) async throws -> Bool {
    await landPendingChange()
    return try await notes.insert(item)
  }
  func delete(_ id: Note.ID) async throws { try await notes.delete(id) }
  func delete<IDs: Sequence & Sendable>(ids: IDs) async throws where IDs.Element == Note.ID {
    try await notes.delete(ids: ids)
  }
  func loadAll() async -> [Note] { await notes.loadAll() }
  func changes() -> RepositoryChanges<Note.ID> { .finished }
  func synchronize() async throws {}
}

/// Notes on a disk that refuses writes: the first `refusals` conditional saves, or every write.
actor RefusingNotes: Repository {
  struct DiskFull: Error {}
  private let notes: InMemoryRepository<Note>
  private var refusals: Int

  init(_ notes: [Note], refusals: Int = .max) {
    self.notes = InMemoryRepository(notes)
    self.refusals = refusals
  }

  func find(by id: Note.ID) async -> Note? { await notes.find(by: id) }
  func save(_ item: Note) async throws { throw DiskFull() }
  func save(_ item: Note, if condition: @Sendable (Note?) -> Bool) async throws -> Bool {
    guard refusals == 0 else {
      refusals -= 1
      throw DiskFull()
    }
    return try await notes.save(item, if: condition)
  }
  func save<Items: Sequence & Sendable>(contentsOf items: Items) async throws
  where Items.Element == Note {
    throw DiskFull()
  }
  func insert(_ item: Note) async throws -> Bool { throw DiskFull() }
  func delete(_ id: Note.ID) async throws { throw DiskFull() }
  func delete<IDs: Sequence & Sendable>(ids: IDs) async throws where IDs.Element == Note.ID {
    throw DiskFull()
  }
  func loadAll() async -> [Note] { await notes.loadAll() }
  func changes() -> RepositoryChanges<Note.ID> { .finished }
  func synchronize() async throws {}
}

@MainActor @Suite struct NoteEditorTests {
  /// Another window saves the same note while the person types, before they press save: the
  /// edit was made on the text they opened, so saving it would undo that change. Refreshing
  /// the note just before saving, then saving "if current", takes the other change as the
  /// base and overwrites it all the same.
  @Test func editOverAChangeMadeWhileTypingIsRefused() async throws {
    let note = Note(text: "Buy milk")
    let repository = InMemoryRepository([note])
    let editor = NoteEditor(repository: repository)
    await editor.open(note.id)
    editor.text = "Buy oat milk"
    try await repository.save(Note(id: note.id, text: "Buy milk and eggs"))  // Another window.
    let saved = try await editor.saveEdit()
    #expect(
      await repository.find(by: note.id)?.text == "Buy milk and eggs",
      "a change saved while the person typed was overwritten: the edit must be checked against the note as it was opened"
    )
    #expect(!saved)
  }

  /// A save the disk refused changed nothing: once the disk is back, saving again works. An
  /// editor that took the edit as its opened note before the save succeeded would now call
  /// its own unsaved edit someone else's change.
  @Test func saveAfterAFailedSaveWorks() async throws {
    let note = Note(text: "Buy milk")
    let repository = RefusingNotes([note], refusals: 1)
    let editor = NoteEditor(repository: repository)
    await editor.open(note.id)
    editor.text = "Buy oat milk"
    await #expect(throws: RefusingNotes.DiskFull.self) { _ = try await editor.saveEdit() }
    #expect(
      try await editor.saveEdit(),
      "after a save the disk refused, saving again was refused as someone else's change")
  }

  /// A store that fails is not another writer: the screen would offer to reload, and the
  /// person would never learn that nothing can be saved.
  @Test func storeFailureIsNotSomeoneElsesChange() async throws {
    let note = Note(text: "Buy milk")
    let editor = NoteEditor(repository: RefusingNotes([note]))
    await editor.open(note.id)
    editor.text = "Buy oat milk"
    await #expect(
      throws: RefusingNotes.DiskFull.self,
      "the store failed, and saveEdit() said someone else changed the note: a store error is not a domain answer"
    ) {
      _ = try await editor.saveEdit()
    }
  }

  @Test func editIsSaved() async throws {
    let note = Note(text: "Buy milk")
    let repository = InMemoryRepository([note])
    let editor = NoteEditor(repository: repository)
    await editor.open(note.id)
    #expect(editor.text == "Buy milk", "the opened note's text is not on screen to edit")
    editor.text = "Buy oat milk"
    #expect(try await editor.saveEdit(), "saveEdit() refused an edit nobody else had touched")
    #expect(await repository.find(by: note.id)?.text == "Buy oat milk")
  }

  @Test func secondEditOfTheSameNoteIsSaved() async throws {
    let note = Note(text: "Buy milk")
    let repository = InMemoryRepository([note])
    let editor = NoteEditor(repository: repository)
    await editor.open(note.id)
    editor.text = "Buy oat milk"
    _ = try await editor.saveEdit()
    editor.text = "Buy oat milk and eggs"
    #expect(
      try await editor.saveEdit(),
      "the second edit was refused: after a save, the editor's note is the one it saved")
  }

  @Test func editOverAnotherWritersChangeIsRefused() async throws {
    let note = Note(text: "Buy milk")
    let repository = ChangedRightAfterLookup([note])
    let editor = NoteEditor(repository: repository)
    await editor.open(note.id)
    editor.text = "Buy oat milk"
    // Another window (or process) changes the same note while the editor saves.
    await repository.anotherWriterWillSave(Note(id: note.id, text: "Buy milk and eggs"))
    let saved = try await editor.saveEdit()
    #expect(
      await repository.find(by: note.id)?.text == "Buy milk and eggs",
      "the editor's save silently undid another writer's change")
    #expect(!saved, "saveEdit() said the edit was saved over someone else's change")
  }
}

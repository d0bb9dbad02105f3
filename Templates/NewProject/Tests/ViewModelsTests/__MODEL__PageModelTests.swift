// The flows of the __model__ page: the form, the confirmation before a deletion, edit conflicts, failures.

import Models
import Persistence
import Testing
import ViewModels

@MainActor @Suite struct __MODEL__PageModelTests {
  private func model(
    _ items: [__MODEL__] = []
  ) async -> (__MODEL__PageModel, InMemoryRepository<__MODEL__>) {
    let store = InMemoryRepository(items)
    let list = __MODEL__ListViewModel(repository: store)
    await list.load()
    return (__MODEL__PageModel(list: list), store)
  }

  @Test func theFormClosesOnlyOnceItsValueIsSaved() async throws {
    let (model, store) = await model()
    model.add__MODEL__()
    guard case .editor(let editor) = model.destination else {
      Issue.record("The form did not open")
      return
    }
    #expect(await model.saveEditor() == nil)
    #expect(editor.problems[.title] != nil)
    editor.title = "  Pancakes "
    #expect(editor.problems.isEmpty)
    let saved = try #require(await model.saveEditor())
    #expect(saved.title == "Pancakes")
    #expect(model.destination == nil)
    #expect(model.notice == "Added “Pancakes”.")
    #expect(await store.loadAll() == [saved])
  }

  @Test func theFormStaysOpenWhenTheStoreRefuses() async {
    let (model, store) = await model()
    await store.failWrites(with: RefusedWrite())
    model.add__MODEL__()
    if case .editor(let editor) = model.destination { editor.title = "Kept in the form" }
    #expect(await model.saveEditor() == nil)
    guard case .editor(let editor) = model.destination else {
      Issue.record("The form closed")
      return
    }
    #expect(editor.title == "Kept in the form")
    #expect(model.list.errorMessage == "The disk is full.")
  }

  @Test func deletionWaitsForAYes() async {
    let item = __MODEL__(title: "Soup")
    let (model, store) = await model([item])
    model.askToDelete(item)
    model.dismiss()
    #expect(model.destination == nil)
    #expect(await store.loadAll() == [item])
    model.askToDelete(item)
    #expect(await model.confirmDeletion())
    #expect(model.notice == "Deleted “Soup”.")
    #expect(await store.loadAll().isEmpty)
  }

  @Test func editingKeepsTheIdAndCreationTime() async throws {
    let item = __MODEL__(title: "Old")
    let (model, _) = await model([item])
    model.edit(item)
    if case .editor(let editor) = model.destination { editor.title = "New" }
    let saved = try #require(await model.saveEditor())
    #expect(saved.id == item.id)
    #expect(saved.createdAt == item.createdAt)
    #expect(model.list.items.map(\.title) == ["New"])
  }

  @Test func theFormEditsEveryField() async throws {
    let item = __MODEL__(title: "Old", notes: "old notes", tags: ["a"])
    let (model, store) = await model([item])
    model.edit(item)
    guard case .editor(let editor) = model.destination else {
      Issue.record("The form did not open")
      return
    }
    // "7" is valid text, tags and number alike, so a field added later needs no change here.
    for field in __MODEL__EditorViewModel.Field.allCases {
      editor[field] = "7"
      #expect(editor[field] == "7", "The form does not keep what is typed in \(field.label)")
    }
    let saved = try #require(await model.saveEditor())
    #expect(saved.editableFields.allSatisfy { $0.text == "7" })
    #expect(saved.editableFields.count == __MODEL__EditorViewModel.Field.allCases.count)
    #expect(await store.loadAll() == [saved])
  }

  @Test func anEditOfAValueChangedElsewhereAsksWhichToKeep() async throws {
    let item = __MODEL__(title: "Soup", notes: "Salt")
    let (model, store) = await model([item])
    model.edit(item)
    var theirs = item
    theirs.notes = "Pepper"
    try await store.save(theirs)
    if case .editor(let editor) = model.destination { editor.title = "Tomato soup" }
    #expect(await model.saveEditor() == nil)
    guard case .editConflict(let yours, let current) = model.destination else {
      Issue.record("No conflict was shown")
      return
    }
    #expect(current == theirs)
    #expect(
      model.conflictingFields == [
        FieldDifference(field: "Title", yours: "Tomato soup", theirs: "Soup"),
        FieldDifference(field: "Notes", yours: "Salt", theirs: "Pepper"),
      ])
    #expect(await store.loadAll() == [theirs])
    #expect(await model.keepMine() == yours)
    #expect(await store.loadAll() == [yours])
    #expect(model.destination == nil)
  }

  @Test func anEditOfAValueDeletedElsewhereCanBeDropped() async throws {
    let item = __MODEL__(title: "Soup")
    let (model, store) = await model([item])
    model.edit(item)
    try await store.delete(item.id)
    if case .editor(let editor) = model.destination { editor.notes = "Mine" }
    #expect(await model.saveEditor() == nil)
    guard case .editConflict(_, nil) = model.destination else {
      Issue.record("No conflict was shown")
      return
    }
    #expect(model.conflictingFields.allSatisfy { $0.theirs == "(deleted)" })
    model.keepTheirs()
    #expect(model.destination == nil)
    #expect(model.notice == "It stays deleted.")
    #expect(await store.loadAll().isEmpty)
  }
}

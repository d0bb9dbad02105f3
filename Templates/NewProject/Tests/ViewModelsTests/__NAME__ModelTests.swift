// The flows of the root model: the form, the confirmation before a deletion, and their failures.

import Models
import Persistence
import Testing
import ViewModels

@MainActor @Suite struct __NAME__ModelTests {
  private func model(
    _ items: [__MODEL__] = []
  ) async -> (__NAME__Model, InMemoryRepository<__MODEL__>) {
    let store = InMemoryRepository(items)
    let list = __MODEL__ListViewModel(repository: store)
    await list.load()
    return (__NAME__Model(list: list), store)
  }

  @Test func theFormClosesOnlyOnceItsValueIsSaved() async throws {
    let (model, store) = await model()
    model.add__MODEL__()
    guard case .editor(let editor) = model.destination else {
      Issue.record("The form did not open")
      return
    }
    #expect(await model.saveEditor() == nil)
    #expect(editor.problem != nil)
    editor.title = "  Pancakes "
    #expect(editor.problem == nil)
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
}

// The flows of the __model__ page: the form, the confirmation before a deletion, notices, failures.

import FlowKit
import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Observation
import Persistence
import Testing
import ViewModels

@MainActor @Suite struct __MODEL__PageModelTests {
  @Test func theFormClosesOnlyOnceItsValueIsSaved() async throws {
    let (model, store) = await __MODEL__Pages.page()
    model.add__MODEL__()
    guard case .editor(let editor) = model.destination else {
      Issue.record("The form did not open")
      return
    }
    #expect(await model.saveEditor(editor) == nil)
    #expect(editor.problems[.__title__] != nil)
    editor.__title__ = "  Pancakes "
    #expect(editor.problems.isEmpty)
    let saved = try #require(await model.saveEditor(editor))
    #expect(saved.__title__ == "Pancakes")
    #expect(model.destination == nil)
    #expect(model.notice == "Added “Pancakes”.")
    #expect(await store.loadAll() == [saved])
  }

  @Test func theFormStaysOpenWhenTheStoreRefuses() async {
    let (model, store) = await __MODEL__Pages.page()
    await store.failWrites(with: RefusedWrite())
    model.add__MODEL__()
    guard case .editor(let form) = model.destination else {
      Issue.record("The form did not open")
      return
    }
    form.__title__ = "Kept in the form"
    #expect(await model.saveEditor(form) == nil)
    guard case .editor(let editor) = model.destination, editor === form else {
      Issue.record("The form closed")
      return
    }
    #expect(editor.__title__ == "Kept in the form")
    #expect(model.list.errorMessage == "The disk is full.")
  }

  @Test func deletionWaitsForAYes() async {
    let item = __MODEL__(__title__: "Soup")
    let (model, store) = await __MODEL__Pages.page([item])
    model.askToDelete(item)
    model.dismiss()
    #expect(model.destination == nil)
    #expect(await store.loadAll() == [item])
    model.askToDelete(item)
    #expect(await model.confirmDeletion(of: item))
    #expect(model.notice == "Deleted “Soup”.")
    #expect(await store.loadAll().isEmpty)
  }

  @Test func editingKeepsTheIdAndCreationTime() async throws {
    let item = __MODEL__(__title__: "Old")
    let (model, _) = await __MODEL__Pages.page([item])
    model.edit(item)
    guard case .editor(let editor) = model.destination else {
      Issue.record("The form did not open")
      return
    }
    editor.__title__ = "New"
    let saved = try #require(await model.saveEditor(editor))
    #expect(saved.id == item.id)
    #expect(saved.createdAt == item.createdAt)
    #expect(model.list.items.map(\.__title__) == ["New"])
  }

  @Test func theFormEditsEveryField() async throws {
    // fields: tests-full-value
    let item = __MODEL__(__title__: "Old", notes: "old notes", tags: ["a"])
    // fields: end
    let (model, store) = await __MODEL__Pages.page([item])
    model.edit(item)
    guard case .editor(let editor) = model.destination else {
      Issue.record("The form did not open")
      return
    }
    // fields: tests-form-every-field
    // "7" is valid text, tags and number alike, so a field added later needs no change here.
    for field in __MODEL__EditorViewModel.Field.allCases {
      editor[field] = "7"
      #expect(editor[field] == "7", "The form does not keep what is typed in \(field.label)")
    }
    // fields: end
    // add-relation: form test
    let saved = try #require(await model.saveEditor(editor))
    let typed = __MODEL__EditorViewModel.Field.allCases.map { editor[$0] }
    #expect(saved.editableFields.map { $0.text } == typed, "A field does not read back as typed")
    #expect(saved.editableFields.count == __MODEL__EditorViewModel.Field.allCases.count)
    #expect(await store.loadAll() == [saved])
  }

  @Test func aRefusedDeleteGoesBackToTheListWithTheError() async {
    let item = __MODEL__(__title__: "Soup")
    let (model, store) = await __MODEL__Pages.page([item])
    await store.failWrites(with: RefusedWrite())
    model.askToDelete(item)
    #expect(await model.confirmDeletion(of: item) == false)
    #expect(model.destination == nil)
    #expect(model.notice == nil)
    #expect(model.list.errorMessage == "The disk is full.")
    #expect(model.list.items == [item])
  }

  @Test func dismissingWithNothingShownKeepsTheNotice() async {
    let item = __MODEL__(__title__: "Soup")
    let (model, store) = await __MODEL__Pages.page([item])
    model.askToDelete(item)
    #expect(await model.confirmDeletion(of: item))
    model.dismiss()
    #expect(await store.loadAll().isEmpty)
    #expect(model.notice == "Deleted “Soup”.")
  }

  @Test func everyMoveClearsTheLastNotice() async {
    let item = __MODEL__(__title__: "Soup")
    let (model, _) = await __MODEL__Pages.page([item, __MODEL__(__title__: "Bread")])
    model.askToDelete(item)
    await model.confirmDeletion(of: item)
    #expect(model.notice != nil)
    model.add__MODEL__()
    #expect(model.notice == nil)
  }

  @Test func theNoticeSaysSoWhenAnotherWriterReplacesWhatWasJustSaved() async throws {
    let item = __MODEL__(__title__: "Soup")
    let (model, store) = await __MODEL__Pages.page([item])
    model.edit(item)
    let editor = try #require(model.shownEditor)
    editor.__title__ = "Mine"
    #expect(await model.saveEditor(editor) != nil)
    #expect(model.notice == "Saved “Mine”.")

    var theirs = item
    theirs.__title__ = "Theirs"
    try await store.save(theirs)
    await model.list.load()  // What following the store's changes does.
    let notice = try #require(model.notice)
    #expect(notice.contains("changed by another writer"), "\(notice)")

    try await store.delete(item.id)
    await model.list.load()
    #expect(model.notice?.contains("deleted by another writer") == true)
  }

  @Test func theNoticeStaysWhenOnlyOtherValuesChange() async throws {
    let item = __MODEL__(__title__: "Soup")
    let (model, store) = await __MODEL__Pages.page([item])
    model.edit(item)
    let editor = try #require(model.shownEditor)
    editor.__title__ = "Mine"
    #expect(await model.saveEditor(editor) != nil)
    try await store.save(__MODEL__(__title__: "Bread"))
    await model.list.load()
    #expect(model.notice == "Saved “Mine”.")
  }

  /// A front end redraws once per action: saving the form changes the destination, the
  /// notice and the list in one observed transaction.
  @available(macOS 26, iOS 26, *)
  @Test func savingTheFormIsOneObservedChange() async throws {
    let (model, _) = await __MODEL__Pages.page([__MODEL__(__title__: "Soup")])
    model.add__MODEL__()
    let editor = try #require(model.shownEditor)
    editor.__title__ = "Bread"
    let recorder = ObservationRecorder(
      Observations { (model.destination == nil, model.notice, model.list.items.count) })
    await recorder.waitForCount(1)
    await model.saveEditor(editor)
    await recorder.waitForCount(2)
    await recorder.settle()
    #expect(
      recorder.values.map { "\($0.0) \($0.1 ?? "-") \($0.2)" } == [
        "false - 1", "true Added “Bread”. 2",
      ])
  }
}

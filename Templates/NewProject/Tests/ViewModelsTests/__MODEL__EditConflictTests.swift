// An edit of a __model__ value another writer changed or deleted meanwhile: which to keep, asked again.

import FlowKit
import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Observation
import Persistence
import Testing
import ViewModels

@MainActor @Suite struct __MODEL__EditConflictTests {
  @Test func anEditOfAValueChangedElsewhereAsksWhichToKeep() async throws {
    let item = __MODEL__(__title__: "Soup")
    let (model, store) = await __MODEL__Pages.page([item])
    model.edit(item)
    var theirs = item
    theirs.__title__ = "Pepper"
    try await store.save(theirs)
    guard case .editor(let editor) = model.destination else {
      Issue.record("The form did not open")
      return
    }
    editor.__title__ = "Tomato soup"
    #expect(await model.saveEditor(editor) == nil)
    guard case .editConflict(let yours, let current) = model.destination else {
      Issue.record("No conflict was shown")
      return
    }
    #expect(current == theirs)
    #expect(
      model.conflictingFields == [
        FieldDifference(field: "__Title__", yours: "Tomato soup", theirs: "Pepper")
      ])
    #expect(await store.loadAll() == [theirs])
    #expect(await model.keepMine(yours, over: current) == yours)
    #expect(await store.loadAll() == [yours])
    #expect(model.destination == nil)
  }

  @Test func anEditOfAValueDeletedElsewhereCanBeDropped() async throws {
    let item = __MODEL__(__title__: "Soup")
    let (model, store) = await __MODEL__Pages.page([item])
    model.edit(item)
    try await store.delete(item.id)
    guard case .editor(let editor) = model.destination else {
      Issue.record("The form did not open")
      return
    }
    editor.__title__ = "Mine"
    #expect(await model.saveEditor(editor) == nil)
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

  @Test func keepingMineAsksAgainWhenTheOtherVersionChangedSinceItWasShown() async throws {
    let item = __MODEL__(__title__: "Soup")
    let (model, store) = await __MODEL__Pages.page([item])
    let (yours, theirs) = try await __MODEL__Pages.conflict(model, store, over: item) {
      await model.saveEditor($0)
    }
    var newer = try #require(theirs)
    newer.__title__ = "Pepper, then chili"
    try await store.save(newer)

    #expect(await model.keepMine(yours, over: theirs) == nil)
    guard case .editConflict(let shownYours, let shownTheirs) = model.destination else {
      Issue.record("Expected the conflict again, got \(String(describing: model.destination))")
      return
    }
    #expect(shownYours == yours)
    #expect(shownTheirs == newer)
    #expect(await store.loadAll() == [newer])
    #expect(await model.keepMine(shownYours, over: shownTheirs) == yours)
    #expect(await store.loadAll() == [yours])
  }

  @Test func keepingMineAsksAgainWhenTheValueWasDeletedSinceItWasShown() async throws {
    let item = __MODEL__(__title__: "Soup")
    let (model, store) = await __MODEL__Pages.page([item])
    let (yours, theirs) = try await __MODEL__Pages.conflict(model, store, over: item) {
      await model.saveEditor($0)
    }
    try await store.delete(item.id)
    #expect(await model.keepMine(yours, over: theirs) == nil)
    guard case .editConflict(_, nil) = model.destination else {
      Issue.record("Expected the conflict again, got \(String(describing: model.destination))")
      return
    }
    #expect(await store.loadAll().isEmpty)
  }

  @Test func anEditOfAValueAnotherStoreOnTheSameFilesChangedIsAConflict() async throws {
    let folder = try TemporaryDirectory(prefix: "__NAME__Tests")
    let item = __MODEL__(__title__: "Soup")
    let store = try await __MODEL__Store.open(in: folder.url).repository
    try await store.save(item)
    let list = __MODEL__ListViewModel(repository: store)
    await list.load()
    let model = __MODEL__PageModel(list: list)
    model.edit(item)
    let editor = try #require(model.shownEditor)
    editor.__title__ = "Tomato soup"
    let other = try await __MODEL__Store.open(in: folder.url).repository
    var theirs = item
    theirs.__title__ = "Pepper"
    try await other.save(theirs)

    #expect(await model.saveEditor(editor) == nil)
    guard case .editConflict(let yours, let current) = model.destination else {
      Issue.record("No conflict was shown")
      return
    }
    #expect(current == theirs)
    #expect(await model.keepMine(yours, over: current) == yours)
    let reopened = try await __MODEL__Store.open(in: folder.url).repository
    #expect(await reopened.find(by: item.id) == yours)
  }
}

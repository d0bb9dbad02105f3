// Every button of the SwiftUI sheet, dialog and alert, and every key of the full-screen app, in the order each runs.

import FlowKit
import LocalStore
import Models
import Testing
import ViewModels

/// Replays what SwiftUI does when the person taps each button of `__MODEL__ListView`'s
/// sheet, confirmation dialog and alert: the button's action (which may start a task), then
/// the presentation binding set to `false`, then the task. The calls are the ones the view
/// makes (``__MODEL__PageModel/startDeleting(_:)``, ``__MODEL__PageModel/setShowing(_:_:)``,
/// ...), so a view that forwards to them does what these tests check.
@MainActor @Suite struct __MODEL__SwiftUIOrderTests {
  let soup = __MODEL__(__title__: "Soup")
  let bread = __MODEL__(__title__: "Bread")

  /// Edits soup's title to "Mine" while the store changes it to "Pepper", and saves as the
  /// sheet's button does: the conflict alert shows.
  func conflict(
    _ model: __MODEL__PageModel, _ store: InMemoryRepository<__MODEL__>
  ) async throws -> (yours: __MODEL__, theirs: __MODEL__?) {
    let versions = try await __MODEL__Pages.conflict(model, store, over: soup) {
      await model.startSaving($0).value
    }
    #expect(model.isShowing(.conflict))
    return versions
  }

  // MARK: The sheet: Save, Cancel, swiping it away

  @Test func sheetSaveThenBindingFalseSavesAndCloses() async throws {
    let (model, store) = await __MODEL__Pages.page([])
    model.add__MODEL__()
    let editor = try #require(model.shownEditor)
    editor.__title__ = "Pancakes"
    let saving = model.startSaving(editor)  // Save's action.
    #expect(model.isSaving)
    model.setShowing(.editor, false)  // A swipe while saving: the save decides.
    let saved = try #require(await saving.value)  // The task.
    #expect(await store.loadAll() == [saved])
    #expect(!model.isShowing(.editor))
    #expect(!model.isSaving)
    #expect(model.notice == "Added “Pancakes”.")
    model.setShowing(.editor, false)  // SwiftUI's set after the sheet closed: nothing.
    #expect(model.notice == "Added “Pancakes”.")
  }

  @Test func sheetSaveWithAProblemKeepsTheSheetAndItsText() async throws {
    let (model, store) = await __MODEL__Pages.page([])
    model.add__MODEL__()
    let editor = try #require(model.shownEditor)
    editor.__title__ = " "
    let saving = model.startSaving(editor)
    model.setShowing(.editor, false)
    #expect(await saving.value == nil)
    #expect(model.shownEditor === editor)
    #expect(editor.problems[.__title__] != nil)
    #expect(editor.__title__ == " ")
    #expect(await store.loadAll().isEmpty)
  }

  @Test func sheetSaveTheStoreRefusesKeepsTheSheetWithTheError() async throws {
    let (model, store) = await __MODEL__Pages.page([])
    await store.failWrites(with: RefusedWrite())
    model.add__MODEL__()
    let editor = try #require(model.shownEditor)
    editor.__title__ = "Pancakes"
    let saving = model.startSaving(editor)
    model.setShowing(.editor, false)
    #expect(await saving.value == nil)
    #expect(model.shownEditor === editor)
    #expect(model.list.errorMessage == "The disk is full.")
  }

  @Test func sheetSaveTwiceSavesOnce() async throws {
    let (model, store) = await __MODEL__Pages.page([])
    model.add__MODEL__()
    let editor = try #require(model.shownEditor)
    editor.__title__ = "Pancakes"
    let first = model.startSaving(editor)
    let second = model.startSaving(editor)
    #expect(await first.value != nil)
    #expect(await second.value == nil)
    #expect(await store.loadAll().count == 1)
  }

  @Test func sheetCancelThenBindingFalseSavesNothing() async throws {
    let (model, store) = await __MODEL__Pages.page([soup])
    model.edit(soup)
    let editor = try #require(model.shownEditor)
    editor.__title__ = "Not kept"
    model.dismiss()  // Cancel's action.
    model.setShowing(.editor, false)
    #expect(!model.isShowing(.editor))
    #expect(await store.loadAll() == [soup])
  }

  @Test func sheetSwipedAwaySavesNothing() async throws {
    let (model, store) = await __MODEL__Pages.page([soup])
    model.edit(soup)
    let editor = try #require(model.shownEditor)
    editor.__title__ = "Not kept"
    model.setShowing(.editor, false)
    #expect(!model.isShowing(.editor))
    #expect(await store.loadAll() == [soup])
  }

  @Test func sheetSaveOverAnotherWritersChangeShowsTheConflict() async throws {
    let (model, store) = await __MODEL__Pages.page([soup])
    let (yours, theirs) = try await conflict(model, store)
    #expect(yours.__title__ == "Mine")
    #expect(theirs?.__title__ == "Pepper")
    #expect(await store.loadAll() == [theirs])
  }

  @Test func aBindingClosesOnlyWhatItPresents() async throws {
    let (model, _) = await __MODEL__Pages.page([soup])
    model.edit(soup)
    model.setShowing(.deletion, false)
    model.setShowing(.conflict, false)
    #expect(model.isShowing(.editor))
  }

  // MARK: The confirmation dialog: Delete, Cancel

  @Test func dialogDeleteThenBindingFalseDeletes() async throws {
    let (model, store) = await __MODEL__Pages.page([soup, bread])
    model.askToDelete(soup)
    let item = try #require(model.itemToDelete)  // The dialog's `presenting` data.
    #expect(model.deletionTitle == "Delete “Soup”?")
    let deleting = model.startDeleting(item)  // Delete's action.
    model.setShowing(.deletion, false)  // The binding set to false.
    #expect(await deleting.value)  // The task.
    #expect(await store.loadAll() == [bread])
    #expect(model.list.items == [bread])
    #expect(!model.isShowing(.deletion))
    #expect(model.notice == "Deleted “Soup”.")
  }

  @Test func dialogCancelDeletesNothing() async throws {
    let (model, store) = await __MODEL__Pages.page([soup, bread])
    model.askToDelete(soup)
    model.setShowing(.deletion, false)  // Cancel: SwiftUI only sets the binding.
    #expect(!model.isShowing(.deletion))
    #expect(await store.loadAll() == [soup, bread])
  }

  @Test func dialogDeleteTheStoreRefusesShowsTheError() async throws {
    let (model, store) = await __MODEL__Pages.page([soup])
    await store.failWrites(with: RefusedWrite())
    model.askToDelete(soup)
    let deleting = model.startDeleting(try #require(model.itemToDelete))
    model.setShowing(.deletion, false)
    #expect(await deleting.value == false)
    #expect(await store.loadAll() == [soup])
    #expect(model.list.errorMessage == "The disk is full.")
  }

  // MARK: The conflict alert: Keep mine, Keep theirs

  @Test func alertKeepMineThenBindingFalseKeepsMine() async throws {
    let (model, store) = await __MODEL__Pages.page([soup])
    let (yours, theirs) = try await conflict(model, store)
    #expect(model.conflictTitle == "“Mine” was changed elsewhere")
    #expect(model.conflictMessage.contains("__Title__: yours “Mine”, theirs “Pepper”"))
    let keeping = model.startKeepingMine(yours, over: theirs)  // Keep mine's action.
    model.setShowing(.conflict, false)  // The binding set to false.
    #expect(await keeping.value == yours)  // The task.
    #expect(await store.loadAll() == [yours])
    #expect(!model.isShowing(.conflict))
    #expect(model.notice == "Saved your version of “Mine”.")
  }

  @Test func alertKeepMineAfterAnotherChangeAsksAgain() async throws {
    let (model, store) = await __MODEL__Pages.page([soup])
    let (yours, theirs) = try await conflict(model, store)
    let keeping = model.startKeepingMine(yours, over: theirs)
    model.setShowing(.conflict, false)
    var newer = try #require(theirs)
    newer.__title__ = "Pepper, then chili"
    try await store.save(newer)  // Before the task runs.
    #expect(await keeping.value == nil)
    #expect(model.isShowing(.conflict))
    #expect(model.conflict?.theirs == newer)
    #expect(await store.loadAll() == [newer])
  }

  @Test func alertKeepMineTheStoreRefusesAsksAgainWithTheError() async throws {
    let (model, store) = await __MODEL__Pages.page([soup])
    let (yours, theirs) = try await conflict(model, store)
    await store.failWrites(with: RefusedWrite())
    let keeping = model.startKeepingMine(yours, over: theirs)
    model.setShowing(.conflict, false)
    #expect(await keeping.value == nil)
    #expect(model.isShowing(.conflict))
    #expect(model.list.errorMessage == "The disk is full.")
  }

  @Test func alertKeepTheirsThenBindingFalseKeepsTheirs() async throws {
    let (model, store) = await __MODEL__Pages.page([soup])
    let (_, theirs) = try await conflict(model, store)
    model.keepTheirs()  // Keep theirs' action.
    model.setShowing(.conflict, false)
    #expect(await store.loadAll() == [theirs])
    #expect(!model.isShowing(.conflict))
    #expect(model.notice == "Kept the other change.")
  }
}

/// Replays the full-screen app's keys on the same flows: keys run one at a time, and each
/// reads what the page shows when it is pressed (`y` the value asked about, `m` the two
/// versions of the conflict) and awaits the step.
@MainActor @Suite struct __MODEL__KeyOrderTests {
  let soup = __MODEL__(__title__: "Soup")

  @Test func yDeletesAndEscapeKeeps() async throws {
    let store = InMemoryRepository([soup])
    let list = __MODEL__ListViewModel(repository: store)
    await list.load()
    let model = __MODEL__PageModel(list: list)
    model.askToDelete(soup)  // d
    model.dismiss()  // Esc
    #expect(await store.loadAll() == [soup])
    model.askToDelete(soup)  // d
    let asked = try #require(model.itemToDelete)  // y
    #expect(await model.confirmDeletion(of: asked))
    #expect(model.destination == nil)
    #expect(await store.loadAll().isEmpty)
  }

  @Test func mKeepsMineAndTKeepsTheirs() async throws {
    let store = InMemoryRepository([soup])
    let list = __MODEL__ListViewModel(repository: store)
    await list.load()
    let model = __MODEL__PageModel(list: list)
    for key in ["m", "t"] {
      let current = try #require(await store.find(by: soup.id))
      model.edit(current)
      let editor = try #require(model.shownEditor)  // Enter saves the form shown.
      editor.__title__ = "Mine, \(key)"
      var theirs = current
      theirs.__title__ = "Theirs, \(key)"
      try await store.save(theirs)
      #expect(await model.saveEditor(editor) == nil)
      let conflict = try #require(model.conflict)
      if key == "m" {
        #expect(await model.keepMine(conflict.yours, over: conflict.theirs) == conflict.yours)
        #expect(await store.find(by: soup.id) == conflict.yours)
      } else {
        model.keepTheirs()
        #expect(await store.find(by: soup.id) == theirs)
      }
      #expect(model.destination == nil)
    }
  }
}

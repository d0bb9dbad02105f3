// SwiftUI's order of events, replayed: the button's action, the binding set to false, then the task.

import FlowKit
import Testing

@MainActor @Suite struct PresentationOrderTests {
  @Test func deleteButtonThenBindingThenTaskDeletes() async {
    let flow = makeFlow([Note(id: 1, name: "Soup")])
    let soup = Note(id: 1, name: "Soup")
    flow.askToDelete(soup)
    #expect(flow.isShowing(.deletion))
    let task = flow.startDeleting(soup)
    flow.setShowing(.deletion, false)
    #expect(await task.value)
    #expect(flow.list.stored.isEmpty)
    #expect(flow.notice == "Deleted “Soup”.")
  }

  @Test func keepMineButtonThenBindingThenTaskSavesMine() async {
    let flow = makeFlow([Note(id: 1, name: "Broth")])
    let yours = Note(id: 1, name: "Stew")
    let theirs = Note(id: 1, name: "Broth")
    flow.show(.editConflict(yours: yours, theirs: theirs))
    let task = flow.startKeepingMine(yours, over: theirs)
    flow.setShowing(.conflict, false)
    #expect(await task.value == yours)
    #expect(flow.list.stored == [yours])
    #expect(flow.notice == "Saved your version of “Stew”.")
  }

  @Test func theSheetStaysWhileItsSaveIsUnderWay() async {
    let flow = makeFlow()
    let form = NoteForm()
    form.name = "Soup"
    flow.show(.editor(form))
    flow.list.holdsNextSave = true
    let task = flow.startSaving(form)
    #expect(flow.isSaving)
    // A second press of Save while the first is under way does nothing.
    #expect(await flow.startSaving(form).value == nil)
    // The person swipes the sheet away while the save waits for the store.
    await flow.list.waitForHeldSave()
    flow.setShowing(.editor, false)
    #expect(flow.shownEditor === form)
    flow.list.releaseSave()
    #expect(await task.value?.name == "Soup")
    #expect(!flow.isShowing(.editor))
    #expect(!flow.isSaving)
    #expect(flow.notice == "Added “Soup”.")
  }

  @Test func swipingAnIdleSheetAwayDropsTheForm() {
    let flow = makeFlow()
    flow.show(.editor(NoteForm()))
    flow.setShowing(.editor, false)
    #expect(flow.destination == nil)
  }

  @Test func theConflictBindingSetToFalseKeepsTheirs() {
    let flow = makeFlow()
    flow.show(.editConflict(yours: Note(id: 1, name: "Stew"), theirs: Note(id: 1, name: "B")))
    flow.setShowing(.conflict, false)
    #expect(flow.destination == nil)
    #expect(flow.notice == "Kept the other change.")
  }
}

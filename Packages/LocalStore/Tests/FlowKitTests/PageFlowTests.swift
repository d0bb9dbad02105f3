// The flows of a page, step by step: saving, conflicts, deleting, the notice and the moves.

import FlowKit
import Testing

@MainActor @Suite struct PageFlowTests {
  @Test func savingANewValueClosesTheFormWithANotice() async throws {
    let flow = makeFlow()
    let form = NoteForm()
    flow.show(.editor(form))
    form.name = "Soup"
    let saved = await flow.saveEditor(form)
    #expect(saved == Note(id: 1, name: "Soup"))
    #expect(flow.destination == nil)
    #expect(flow.notice == "Added “Soup”.")
    #expect(flow.list.stored == [Note(id: 1, name: "Soup")])
  }

  @Test func aFormWithAProblemStaysOpenAndSavesNothing() async throws {
    let flow = makeFlow()
    let form = NoteForm()
    flow.show(.editor(form))
    #expect(await flow.saveEditor(form) == nil)
    #expect(flow.shownEditor === form)
    #expect(flow.list.stored.isEmpty)
  }

  @Test func anEditOverAnotherWritersChangeShowsTheConflict() async throws {
    let flow = makeFlow([Note(id: 1, name: "Soup")])
    let form = NoteForm(editing: Note(id: 1, name: "Soup"))
    flow.show(.editor(form))
    form.name = "Stew"
    flow.list.stored = [Note(id: 1, name: "Broth")]
    #expect(await flow.saveEditor(form) == nil)
    let conflict = try #require(flow.conflict)
    #expect(conflict.yours.name == "Stew")
    #expect(conflict.theirs?.name == "Broth")
    #expect(flow.list.stored == [Note(id: 1, name: "Broth")])
  }

  @Test func keepMineOverAVersionChangedAgainShowsTheNewerOne() async throws {
    let flow = makeFlow([Note(id: 1, name: "Gravy")])
    let yours = Note(id: 1, name: "Stew")
    let theirs = Note(id: 1, name: "Broth")
    flow.show(.editConflict(yours: yours, theirs: theirs))
    #expect(await flow.keepMine(yours, over: theirs) == nil)
    #expect(flow.conflict?.theirs?.name == "Gravy")
    #expect(await flow.keepMine(yours, over: Note(id: 1, name: "Gravy")) == yours)
    #expect(flow.destination == nil)
    #expect(flow.notice == "Saved your version of “Stew”.")
  }

  @Test func keepTheirsWordsADeletionAndAChangeApart() {
    let flow = makeFlow()
    let yours = Note(id: 1, name: "Stew")
    flow.show(.editConflict(yours: yours, theirs: nil))
    flow.dismiss()
    #expect(flow.notice == "It stays deleted.")
    flow.show(.editConflict(yours: yours, theirs: Note(id: 1, name: "Broth")))
    flow.keepTheirs()
    #expect(flow.destination == nil)
    #expect(flow.notice == "Kept the other change.")
  }

  @Test func theNoticeOfASavedEditFollowsOtherWriters() async throws {
    let flow = makeFlow([Note(id: 1, name: "Soup")])
    let form = NoteForm(editing: Note(id: 1, name: "Soup"))
    flow.show(.editor(form))
    form.name = "Stew"
    await flow.saveEditor(form)
    #expect(flow.notice == "Saved “Stew”.")
    flow.list.stored = [Note(id: 1, name: "Broth")]
    #expect(flow.notice?.hasPrefix("Your edit was changed by another writer") == true)
    flow.list.stored = []
    #expect(flow.notice == "“Stew” was deleted by another writer after you saved it.")
    flow.dismissNotice()
    #expect(flow.notice == nil)
  }

  @Test func aStepThatEndsAfterThePersonMovedOnLeavesTheNewScreen() async throws {
    let flow = makeFlow([Note(id: 2, name: "Bread")])
    let form = NoteForm()
    form.name = "Soup"
    flow.show(.editor(form))
    flow.list.holdsNextSave = true
    let save = Task { await flow.saveEditor(form) }
    await flow.list.waitForHeldSave()
    flow.askToDelete(Note(id: 2, name: "Bread"))
    flow.list.releaseSave()
    _ = await save.value
    #expect(flow.itemToDelete?.id == 2)
    #expect(flow.notice == "Added “Soup”.")
  }

  @Test func aScreenOfTheAppsOwnIsClosedByTheStepThatBeganOnIt() {
    let flow = makeFlow()
    flow.show(.screen(.offer))
    flow.finish(.screen(.other), notice: "Not this one.")
    #expect(flow.destination != nil)
    flow.finish(.screen(.offer), notice: "Loaded.")
    #expect(flow.destination == nil)
    #expect(flow.notice == "Loaded.")
  }

  @Test func everyMoveClearsTheNoticeAndCallsDidMove() {
    let flow = makeFlow()
    var moves = 0
    flow.didMove = { moves += 1 }
    flow.showNotice("Set aside 3 damaged bytes.")
    flow.show(.screen(.other))
    #expect(flow.notice == nil)
    flow.dismiss()
    flow.dismiss()
    #expect(moves == 2)
  }

  @Test func aSaveTheStoreRefusesKeepsTheFormOpenAndKeepMineShowsTheConflictAgain() async {
    let flow = makeFlow([Note(id: 1, name: "Broth")])
    flow.list.refuses = true
    let form = NoteForm()
    form.name = "Soup"
    flow.show(.editor(form))
    #expect(await flow.saveEditor(form) == nil)
    #expect(flow.shownEditor === form)
    let yours = Note(id: 1, name: "Stew")
    let theirs = Note(id: 1, name: "Broth")
    flow.show(.editConflict(yours: yours, theirs: theirs))
    // The alert's button closes the alert before its task runs, as SwiftUI's does.
    let task = flow.startKeepingMine(yours, over: theirs)
    #expect(flow.destination == nil)
    #expect(await task.value == nil)
    #expect(flow.conflict?.yours == yours)
    #expect(flow.conflict?.theirs == theirs)
    #expect(flow.list.stored == [theirs])
  }

  @Test func aDeletionTheStoreRefusesKeepsTheValueAndSaysNothing() async {
    let flow = makeFlow([Note(id: 1, name: "Soup")])
    flow.list.refuses = true
    flow.askToDelete(Note(id: 1, name: "Soup"))
    #expect(await flow.confirmDeletion(of: Note(id: 1, name: "Soup")) == false)
    #expect(flow.destination == nil)
    #expect(flow.notice == nil)
    #expect(flow.list.stored.count == 1)
  }
}

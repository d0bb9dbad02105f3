// A list and a form of plain values for the flow tests, with a save that can be held half way.

import FlowKit

/// A value of the flow tests: a name under an id.
struct Note: Identifiable, Equatable, Sendable {
  var id: Int
  var name: String
}

/// A list of notes in memory whose next save can be held until the test lets it go, as a
/// slow store would; ``stored`` is what "the store" holds, other writers included.
@MainActor
final class NoteList: EditableList {
  var stored: [Note] = []
  /// Whether the next save waits in ``heldSave`` until ``releaseSave()``.
  var holdsNextSave = false
  /// Whether the store refuses every change.
  var refuses = false
  private(set) var heldSave: CheckedContinuation<Void, Never>?

  func item(withID id: Int) -> Note? { stored.first { $0.id == id } }

  func save(_ item: Note, ifUnchangedSince original: Note?) async -> SaveOutcome<Note> {
    if holdsNextSave {
      holdsNextSave = false
      await withCheckedContinuation { heldSave = $0 }
    }
    if refuses { return .failed }
    let current = self.item(withID: item.id)
    guard current == original else { return .conflict(current: current) }
    stored.removeAll { $0.id == item.id }
    stored.append(item)
    return .saved
  }

  func remove(_ id: Int) async -> Bool {
    if refuses { return false }
    stored.removeAll { $0.id == id }
    return true
  }

  /// Waits, by yielding, until a save is held.
  func waitForHeldSave() async {
    for _ in 0..<1_000 where heldSave == nil { await Task.yield() }
  }

  /// Lets the held save go on.
  func releaseSave() {
    heldSave?.resume()
    heldSave = nil
  }
}

/// The form of a note: its name as typed, and the note it was opened on.
@MainActor
final class NoteForm: ItemForm {
  let startedFrom: Note?
  var name: String
  let id: Int

  init(editing note: Note? = nil, id: Int = 1) {
    startedFrom = note
    name = note?.name ?? ""
    self.id = note?.id ?? id
  }

  var isEditing: Bool { startedFrom != nil }

  func validatedItem() -> Note? {
    name.isEmpty ? nil : Note(id: id, name: name)
  }
}

/// A screen of the app's own over the list.
enum Extra: Equatable {
  case offer, other
}

typealias NoteFlow = PageFlow<NoteList, NoteForm, Extra>

@MainActor
func makeFlow(_ notes: [Note] = []) -> NoteFlow {
  let list = NoteList()
  list.stored = notes
  return NoteFlow(list: list, notices: PageNotices { $0.name })
}

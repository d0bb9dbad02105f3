// Wrong fix: save(_:if:) with a condition that only checks the note is still there. One
// isolated step, but it checks the wrong thing: a changed note is still there.
// Refused by: silently undid another writer's change

import Foundation
import LocalStore

/// A note, as the app stores it.
struct Note: Codable, Identifiable, Sendable, Equatable {
  var id = UUID()
  var text: String
}

/// The editor screen's state: one note opened, edited, then saved.
@MainActor final class NoteEditor {
  private let repository: any Repository<Note>
  /// The note as it was when it was opened (or last saved from here).
  private(set) var opened: Note?
  /// The text being edited.
  var text = ""

  init(repository: any Repository<Note>) {
    self.repository = repository
  }

  /// Opens the note `id` for editing.
  func open(_ id: Note.ID) async {
    opened = await repository.find(by: id)
    text = opened?.text ?? ""
  }

  /// Saves the edited text. Returns `false`, and saves nothing, when someone else changed the
  /// note since it was opened: the screen then offers to reload or to overwrite.
  func saveEdit() async throws -> Bool {
    guard let opened else { return false }
    var edited = opened
    edited.text = text
    guard try await repository.save(edited, if: { $0 != nil }) else { return false }
    self.opened = edited
    return true
  }
}

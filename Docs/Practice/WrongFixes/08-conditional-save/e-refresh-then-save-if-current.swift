// Wrong fix: read the note again just before saving, then save "if current" against what was
// just read. The check then guards only the moment between the read and the save: a change
// another window made while the person typed is in what was read, so the edit overwrites it.
// Refused by: a change saved while the person typed was overwritten

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
  /// note since it was opened.
  func saveEdit() async throws -> Bool {
    guard let id = opened?.id, let current = await repository.find(by: id) else { return false }
    var edited = current
    edited.text = text
    guard try await repository.save(edited, ifCurrent: current) else { return false }
    opened = edited
    return true
  }
}

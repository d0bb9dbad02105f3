// Wrong fix: subscribe, load, then follow the changes in a `Task` of its own, "so that the
// screen is not held up". followChanges() returns at once; the task it started goes on after
// the screen's task is cancelled, updating a screen that is gone, and nothing can stop it.
// Refused by: the task it started outlives the one that called it

import Foundation
import LocalStore
import Observation

/// A note, as the app stores it.
struct Note: Codable, Identifiable, Sendable, Equatable {
  var id = UUID()
  var text: String
}

/// The list screen's state: the notes in the store, kept up to date.
@Observable @MainActor final class NoteListModel {
  private(set) var notes: [Note] = []
  @ObservationIgnored private let repository: any Repository<Note>

  init(repository: any Repository<Note>) {
    self.repository = repository
  }

  /// Shows the store's notes, and keeps showing them as the store changes.
  func followChanges() async {
    let changes = await repository.changes()
    notes = await repository.loadAll()
    Task {
      for await _ in changes {
        notes = await repository.loadAll()
      }
    }
  }
}

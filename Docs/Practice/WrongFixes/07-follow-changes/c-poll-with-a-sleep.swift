// Wrong fix: load the notes again every tenth of a second until cancelled. It shows what the
// store's cache holds, and an in-memory store's cache is all there is; a store on disk learns
// of another process's save only while someone follows its changes(), so polling it never
// shows that save (and it wakes the app ten times a second for nothing).
// Refused by: a note another process saved never shows

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

  /// Shows the store's notes, and keeps showing them as the store changes, until the task
  /// running it is cancelled.
  func followChanges() async {
    while !Task.isCancelled {
      let loaded = await repository.loadAll()
      if loaded != notes { notes = loaded }
      try? await Task.sleep(for: .milliseconds(100))
    }
  }
}

// Exercise 7: a list that loads once, and shows a stale list after another writer saves.

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
  /// running it is cancelled (SwiftUI: `.task { await model.followChanges() }`).
  func followChanges() async {
    notes = await repository.loadAll()
  }
}

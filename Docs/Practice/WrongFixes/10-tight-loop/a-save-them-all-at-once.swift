// Wrong fix: start every save at once in a task group, "so they run in parallel". The actor
// still takes them one at a time: 200 hops and 200 durable writes, and a failure half way
// leaves some notes stored and others not.
// Refused by: save them in one call

import Foundation
import LocalStore

/// A note, as the app stores it.
struct Note: Codable, Identifiable, Sendable, Equatable {
  var id = UUID()
  var text: String
}

/// The import screen's state: pasted lines become notes.
@MainActor final class ImportModel {
  private let repository: any Repository<Note>
  private(set) var imported = 0

  init(repository: any Repository<Note>) {
    self.repository = repository
  }

  /// Stores one note per line that is not blank, all of them or, if the store fails, none.
  func importLines(_ text: String) async throws {
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let notes = lines.filter { !$0.isEmpty }.map { Note(text: $0) }
    let repository = repository
    try await withThrowingTaskGroup(of: Void.self) { group in
      for note in notes {
        group.addTask { try await repository.save(note) }
      }
      try await group.waitForAll()
    }
    imported += notes.count
  }
}

// Exercise 10: an import that calls the store once per line, from the main actor.

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
    for line in lines where !line.isEmpty {
      try await repository.save(Note(text: line))
      imported += 1
    }
  }
}

// Exercise 9: the stored shape of a note changed, and every note stored before fails to open.

import Foundation
import LocalStore

/// A note as version 1 of the app stored it: kept only to be migrated.
struct NoteV1: Decodable, Sendable {
  var id: UUID
  var text: String
}

/// A note as the app stores it now: a title and a body. Version 1 of the app stored one
/// `text`, whose first line was the title, and users have stores full of version-1 notes.
struct Note: Codable, Identifiable, Sendable, Equatable {
  var id: UUID
  var title: String
  var body: String

  /// Opens the notes store in `folder`, whatever version of the app wrote it.
  static func openStore(in folder: URL) throws -> LocalRepository<Note> {
    var configuration = StoreConfiguration()
    // Version 2 of the format: what version 1 of the app reads as newer, not as damage.
    configuration.schemaVersion = 2
    configuration.migrations = [
      StoreMigration(from: 1) { (old: NoteV1) in
        let lines = old.text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        return Note(
          id: old.id, title: lines.first.map(String.init) ?? "",
          body: lines.count > 1 ? String(lines[1]) : "")
      }
    ]
    return try LocalRepository<Note>(
      directory: folder, filename: "notes.json", configuration: configuration)
  }
}

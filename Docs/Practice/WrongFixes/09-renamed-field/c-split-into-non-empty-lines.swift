// Wrong fix: the solution's version and migration, but the migration splits the text into its
// non-empty lines: the first is the title, the others the body. Every blank line of every note
// is dropped, and a note whose first line was blank gets its second line as a title.
// Refused by: a migration must keep every line

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
        let lines = old.text.split(separator: "\n").map(String.init)
        return Note(
          id: old.id, title: lines.first ?? "", body: lines.dropFirst().joined(separator: "\n"))
      }
    ]
    return try LocalRepository<Note>(
      directory: folder, filename: "notes.json", configuration: configuration)
  }
}

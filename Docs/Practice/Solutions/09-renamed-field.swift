// Exercise 9: a stored property renamed, and every note stored before the rename fails to open.

import Foundation
import Persistence

/// A note as version 1 of the app stored it: kept only to be migrated.
struct NoteV1: Decodable, Sendable {
  var id: UUID
  var text: String
}

/// A note as the app stores it now. Version 1 of the app called `body` `text`, and users
/// have stores full of version-1 notes.
struct Note: Codable, Identifiable, Sendable, Equatable {
  var id: UUID
  var body: String

  /// Opens the notes store in `folder`, whatever version of the app wrote it.
  static func openStore(in folder: URL) throws -> LocalRepository<Note> {
    var configuration = StoreConfiguration()
    configuration.schemaVersion = 2
    configuration.migrations = [
      StoreMigration(from: 1) { (old: NoteV1) in Note(id: old.id, body: old.text) }
    ]
    return try LocalRepository<Note>(
      directory: folder, filename: "notes.json", configuration: configuration)
  }
}

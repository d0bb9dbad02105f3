// Wrong fix: raise the schema version to 2 and register no step from 1. Version 1 of the app
// now sees the store as newer, but this version cannot read a single old note.
// Refused by: no longer opens

import Foundation
import LocalStore

/// A note as the app stores it now: a title and a body. Version 1 of the app stored one
/// `text`, whose first line was the title, and users have stores full of version-1 notes.
struct Note: Codable, Identifiable, Sendable, Equatable {
  var id: UUID
  var title: String
  var body: String

  /// Opens the notes store in `folder`, whatever version of the app wrote it.
  static func openStore(in folder: URL) throws -> LocalRepository<Note> {
    var configuration = StoreConfiguration()
    configuration.schemaVersion = 2
    return try LocalRepository<Note>(
      directory: folder, filename: "notes.json", configuration: configuration)
  }
}

// Exercise 9: a stored property renamed, and every note stored before the rename fails to open.

import Foundation
import Persistence

/// A note as the app stores it now. Version 1 of the app called `body` `text`, and users
/// have stores full of version-1 notes.
struct Note: Codable, Identifiable, Sendable, Equatable {
  var id: UUID
  var body: String

  /// Opens the notes store in `folder`, whatever version of the app wrote it.
  static func openStore(in folder: URL) throws -> LocalRepository<Note> {
    try LocalRepository<Note>(directory: folder, filename: "notes.json")
  }
}

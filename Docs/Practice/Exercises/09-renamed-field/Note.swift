// Exercise 9: the stored shape of a note changed, and every note stored before fails to open.

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
    try LocalRepository<Note>(directory: folder, filename: "notes.json")
  }
}

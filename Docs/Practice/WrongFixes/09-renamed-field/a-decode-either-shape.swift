// Wrong fix: a decoder that reads either shape, and no new version. Old notes open, but the
// file still says version 1 while holding version 2's shape: version 1 of the app, given the
// new file, calls it damaged and offers to move it aside, instead of asking for an update.
// Refused by: raise schemaVersion

import Foundation
import LocalStore

/// A note as the app stores it now: a title and a body. Version 1 of the app stored one
/// `text`, whose first line was the title, and users have stores full of version-1 notes.
struct Note: Codable, Identifiable, Sendable, Equatable {
  var id: UUID
  var title: String
  var body: String

  enum CodingKeys: String, CodingKey {
    case id, title, body, text
  }

  init(id: UUID, title: String, body: String) {
    self.id = id
    self.title = title
    self.body = body
  }

  /// Reads a note of either version: `text` (version 1) or `title` and `body`.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(UUID.self, forKey: .id)
    if let text = try container.decodeIfPresent(String.self, forKey: .text) {
      let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
      title = lines.first.map(String.init) ?? ""
      body = lines.count > 1 ? String(lines[1]) : ""
    } else {
      title = try container.decode(String.self, forKey: .title)
      body = try container.decode(String.self, forKey: .body)
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(body, forKey: .body)
  }

  /// Opens the notes store in `folder`, whatever version of the app wrote it.
  static func openStore(in folder: URL) throws -> LocalRepository<Note> {
    try LocalRepository<Note>(directory: folder, filename: "notes.json")
  }
}

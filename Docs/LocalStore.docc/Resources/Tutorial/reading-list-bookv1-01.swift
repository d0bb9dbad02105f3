// A book as version 1 of the reading list stored it, kept only to be migrated.

import Foundation

/// The stored shape before tags: read by the migration to version 2, never written.
struct BookV1: Decodable, Sendable {
  var id: UUID
  var title: String
  var author: String
  var addedAt: Date
  var finishedAt: Date?

  enum CodingKeys: String, CodingKey {
    case id
    case title
    case author
    case addedAt = "added_at"
    case finishedAt = "finished_at"
  }

  /// The same book in version 2: no tags yet.
  func upgraded() -> Book {
    Book(
      id: id, title: title, author: author, addedAt: addedAt, finishedAt: finishedAt, tags: [])
  }
}

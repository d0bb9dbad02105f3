// One book on the reading list.

import Foundation

public struct Book: Codable, Hashable, Identifiable, Sendable {
  public var id: UUID
  public var title: String
  public var author: String
  public var addedAt: Date
  public var finishedAt: Date?

  public init(
    id: UUID = UUID(), title: String, author: String = "", addedAt: Date = .now,
    finishedAt: Date? = nil
  ) {
    self.id = id
    self.title = title
    self.author = author
    self.addedAt = addedAt
    self.finishedAt = finishedAt
  }

  /// Whether the book has been read to the end.
  public var isFinished: Bool { finishedAt != nil }

  /// The same book, marked as finished at `date`.
  public func finished(at date: Date = .now) -> Book {
    var book = self
    book.finishedAt = date
    return book
  }

  /// The names on disk. Spelled out so that renaming a property in Swift cannot silently
  /// change the file: every book saved before would then fail to decode.
  enum CodingKeys: String, CodingKey {
    case id
    case title
    case author
    case addedAt = "added_at"
    case finishedAt = "finished_at"
  }
}

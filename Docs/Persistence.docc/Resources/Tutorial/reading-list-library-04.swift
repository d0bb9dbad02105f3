// The stores the app opens once, at start-up, and shares with every screen.

import Foundation
import Persistence

public struct Library: Sendable {
  /// The store's file name inside the app's folder.
  public static let filename = "books.json"

  /// Every book, on disk or in memory: code written against the protocol works with both.
  public let books: any Repository<Book>

  /// Opens the reading list in `folder`, reading every book before it returns.
  public static func open(
    in folder: URL = DataDirectory.url(appName: "ReadingList")
  ) throws -> Library {
    Library(books: try LocalRepository<Book>(directory: folder, filename: filename))
  }

  /// A library kept in memory only, for tests and previews.
  public static func inMemory(_ books: [Book] = []) -> Library {
    Library(books: InMemoryRepository(books))
  }

  /// Adds a book for each title as one change: one call into the actor, one record on disk.
  public func addBooks(titled titles: [String]) async throws {
    let now = Date.now
    try await books.save(contentsOf: titles.map { Book(title: $0, addedAt: now) })
  }

  /// Moves an unreadable reading list aside and opens an empty one in its place. Call it
  /// only after the person agreed: the old bytes are kept, at `keptAt`, but no longer shown.
  public static func startAgain(
    in folder: URL = DataDirectory.url(appName: "ReadingList")
  ) throws -> (library: Library, keptAt: URL?) {
    let keptAt = try LocalRepository<Book>.moveAside(directory: folder, filename: filename)
    return (try open(in: folder), keptAt)
  }
}

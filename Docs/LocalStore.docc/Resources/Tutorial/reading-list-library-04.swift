// The stores the app opens once, at start-up, and shares with every screen.

import Foundation
import LocalStore

public struct Library: Sendable {
  /// The store's file name inside the app's folder.
  public static let filename = "books.json"

  /// Every book, on disk or in memory: code written against the protocol works with both.
  public let books: any Repository<Book>

  /// Opens the reading list in `folder`, reading every book before it returns, on a thread
  /// of its own rather than the caller's: in version 2 of the format, with the step that
  /// upgrades a version-1 book, as `BookStore.readingList(in:)` does.
  public static func open(
    in folder: URL = DataDirectory.url(appName: "ReadingList")
  ) async throws -> Library {
    var configuration = StoreConfiguration()
    configuration.schemaVersion = 2
    configuration.migrations = [StoreMigration(from: 1) { (old: BookV1) in old.upgraded() }]
    return Library(
      books: try await LocalRepository<Book>.open(
        directory: folder, filename: filename, configuration: configuration))
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

  /// Whether starting again can help after `error` from ``open(in:)``: the files are there
  /// and cannot be read. A list saved by a newer version, or a folder in the way, is not
  /// helped by moving the files aside.
  public static func canStartAgain(after error: any Error) -> Bool {
    (error as? PersistenceError)?.canBeMovedAside ?? false
  }

  /// Moves an unreadable reading list aside and opens an empty one in its place. Call it
  /// only after the person agreed: the old bytes are kept, at `keptAt`, but no longer shown.
  public static func startAgain(
    in folder: URL = DataDirectory.url(appName: "ReadingList")
  ) async throws -> (library: Library, keptAt: URL?) {
    let keptAt = try LocalRepository<Book>.moveAside(directory: folder, filename: filename)
    return (try await open(in: folder), keptAt)
  }
}

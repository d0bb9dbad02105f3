// The stores the app opens once, at start-up, and shares with every screen.

import Foundation
import LocalStore

public struct Library: Sendable {
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
        directory: folder, filename: "books.json", configuration: configuration))
  }

  /// A library kept in memory only, for tests and previews.
  public static func inMemory(_ books: [Book] = []) -> Library {
    Library(books: InMemoryRepository(books))
  }
}

// The stores the app opens once, at start-up, and shares with every screen.

import Foundation
import Persistence

public struct Library: Sendable {
  public let books: LocalRepository<Book>

  /// Opens the reading list in `folder`, reading every book before it returns.
  public static func open(
    in folder: URL = DataDirectory.url(appName: "ReadingList")
  ) throws -> Library {
    Library(books: try LocalRepository<Book>(directory: folder, filename: "books.json"))
  }
}

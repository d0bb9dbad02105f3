// Where the reading list keeps its books, and how to open them: one place for the app and its
// tests.

import Foundation

extension BookStore where Item == Book {
  /// The reading list in `folder`: its file is `books.json`.
  public static func readingList(in folder: URL) throws -> BookStore<Book> {
    try BookStore(fileURL: folder.appendingPathComponent("books.json"))
  }
}

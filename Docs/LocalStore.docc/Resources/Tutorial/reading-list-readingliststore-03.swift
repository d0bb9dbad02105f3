// Where the reading list keeps its books, and how to open them: one place for the app and its
// tests.

import Foundation

extension BookStore where Item == Book {
  /// The reading list in `folder`: its file is `books.json`, in version 2 of the format
  /// (books with tags). A file of version 1 is read through its migration.
  /// `whileWaiting` is called when another writer holds the file's lock.
  public static func readingList(
    in folder: URL, whileWaiting: @escaping @Sendable () -> Void = {}
  ) throws -> BookStore<Book> {
    try BookStore(
      fileURL: folder.appendingPathComponent("books.json"), version: 2,
      migrations: [1: { data in try StoreFile<BookV1>.items(in: data).map { $0.upgraded() } }],
      whileWaiting: whileWaiting)
  }
}

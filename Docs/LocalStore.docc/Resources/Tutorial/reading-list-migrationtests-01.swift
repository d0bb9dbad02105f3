// A reading list saved before tags existed opens with every book, tagged with nothing.

import Foundation
import ReadingList
import Testing

@Suite struct MigrationTests {
  @Test func aVersionOneListOpensWithEveryBook() async throws {
    try await withTemporaryTestFolder { folder in
      // What version 1 of the app left on disk: a plain array of books without tags.
      let old = [OldBook(id: UUID(), title: "Dune", author: "", added_at: .now)]
      try JSONEncoder().encode(old).write(to: folder.appendingPathComponent("books.json"))

      let books = try await BookStore<Book>.readingList(in: folder).loadAll()
      #expect(books.map(\.title) == ["Dune"])
      #expect(books.first?.tags == [])
    }
  }

  /// Version 1's book, written the way the old app wrote it.
  struct OldBook: Codable, Identifiable, Sendable {
    var id: UUID
    var title: String
    var author: String
    var added_at: Date
  }
}

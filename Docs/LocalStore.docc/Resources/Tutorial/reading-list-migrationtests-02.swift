// A reading list saved before tags existed opens with every book, tagged with nothing; one
// saved by a newer version is refused and left as it is.

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

  @Test func aListFromANewerVersionIsRefusedAndLeftAsItIs() async throws {
    try await withTemporaryTestFolder { folder in
      // What a later version of the app may leave: format 3, which this one cannot write.
      let file = folder.appendingPathComponent("books.json")
      let newer = Data(#"{"version":3,"items":[]}"#.utf8)
      try newer.write(to: file)

      do {
        _ = try BookStore<Book>.readingList(in: folder)
        Issue.record("A list saved in format 3 opened, and its next save would write format 2.")
      } catch BookStoreError.newerVersion(let version, _, let newest) {
        #expect(version == 3)
        #expect(newest == 2)
      }
      #expect(try Data(contentsOf: file) == newer)
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

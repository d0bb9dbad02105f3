// The reading list's library on a real disk.

import Foundation
import LocalStore
import ReadingList
import Testing

@Suite struct LibraryTests {
  @Test func booksAddedTogetherComeBackInOrderAfterAReopen() async throws {
    try await withTemporaryTestFolder { folder in
      try await Library.open(in: folder).addBooks(titled: ["Dune", "Emma", "Ulysses"])

      let reopened = try await Library.open(in: folder)
      #expect(await reopened.books.loadAll().map(\.title) == ["Dune", "Emma", "Ulysses"])
    }
  }
}

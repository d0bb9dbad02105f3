// The learner's actor, on a real disk: what it keeps across a reopen.

import Foundation
import ReadingList
import Testing

@Suite struct BookStoreTests {
  @Test func savedBooksSurviveAReopen() async throws {
    try await withTemporaryTestFolder { folder in
      let file = folder.appendingPathComponent("books.json")
      let store = try BookStore<Book>(fileURL: file)
      try await store.save(Book(title: "Dune"))
      try await store.save(Book(title: "Emma"))

      let reopened = try BookStore<Book>(fileURL: file)
      #expect(Set(await reopened.loadAll().map(\.title)) == ["Dune", "Emma"])
    }
  }
}

// The limits of BookStore, tested against LocalRepository: the same ideas, finished.

import Foundation
import LocalStore
import ReadingList
import Testing

@Suite struct LocalRepositoryTests {
  @Test func aDamagedFileIsRefusedAndLeftAlone() async throws {
    try await withTemporaryTestFolder { folder in
      let file = folder.appendingPathComponent("books.json")
      let damaged = Data("[{\"id\": \"not a book".utf8)
      try damaged.write(to: file)

      await #expect(throws: PersistenceError.self) { try await Library.open(in: folder) }
      #expect(try Data(contentsOf: file) == damaged)
    }
  }

  @Test func aFailedWriteLeavesMemoryAsTheFile() async throws {
    try await withTemporaryTestFolder { folder in
      let library = try await Library.open(in: folder)
      try breakWrites(in: folder)

      await #expect(throws: PersistenceError.self) {
        try await library.books.save(Book(title: "Dune"))
      }
      #expect(await library.books.loadAll().isEmpty)
    }
  }
}

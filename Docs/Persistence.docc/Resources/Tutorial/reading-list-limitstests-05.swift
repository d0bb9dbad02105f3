// Where the original pattern stops being enough, one test per limit, and how
// `LocalRepository` answers each.

import Foundation
import Persistence
import ReadingList
import Testing

@Suite struct LimitsTests {
  @Test func aDamagedFileIsReadAsEmptyThenOverwritten() async throws {
    try await withTemporaryTestFolder { folder in
      let file = folder.appendingPathComponent("books.json")
      let damaged = Data("[{\"id\": \"not a book".utf8)
      try damaged.write(to: file)

      let store = try BookStore<Book>(fileURL: file)
      try await store.save(Book(title: "Dune"))

      let onDisk = try Data(contentsOf: file)
      withKnownIssue("BookStore opened the damaged file as empty, and its save replaced it") {
        #expect(onDisk == damaged)
      }
    }
  }

  @Test func localRepositoryRefusesADamagedFileAndLeavesItAlone() async throws {
    try await withTemporaryTestFolder { folder in
      let file = folder.appendingPathComponent("books.json")
      let damaged = Data("[{\"id\": \"not a book".utf8)
      try damaged.write(to: file)

      #expect(throws: PersistenceError.self) {
        try LocalRepository<Book>(directory: folder, filename: "books.json")
      }
      #expect(try Data(contentsOf: file) == damaged)
    }
  }

  /// Puts a plain file where the store's folder was, so that every write into it fails.
  func breakTheFolder(_ folder: URL) throws {
    try FileManager.default.removeItem(at: folder)
    try Data().write(to: folder)
  }

  @Test func aFailedWriteLeavesMemoryAndDiskApart() async throws {
    try await withTemporaryTestFolder { folder in
      let store = try BookStore<Book>(fileURL: folder.appendingPathComponent("books.json"))
      try breakTheFolder(folder)

      await #expect(throws: (any Error).self) { try await store.save(Book(title: "Dune")) }
      await withKnownIssue("The save threw, but BookStore kept the book in memory") {
        #expect(await store.loadAll().isEmpty)
      }
    }
  }

  @Test func localRepositoryKeepsMemoryEqualToDisk() async throws {
    try await withTemporaryTestFolder { folder in
      let store = try LocalRepository<Book>(directory: folder, filename: "books.json")
      try breakTheFolder(folder)

      await #expect(throws: PersistenceError.self) { try await store.save(Book(title: "Dune")) }
      #expect(await store.loadAll().isEmpty)
    }
  }

  @Test func twoStoresOnOneFileLoseEachOthersSaves() async throws {
    try await withTemporaryTestFolder { folder in
      let file = folder.appendingPathComponent("books.json")
      let first = try BookStore<Book>(fileURL: file)
      let second = try BookStore<Book>(fileURL: file)
      try await first.save(Book(title: "Dune"))
      try await second.save(Book(title: "Emma"))

      let titles = try await BookStore<Book>(fileURL: file).loadAll().map(\.title)
      withKnownIssue("The second store wrote its own cache over the first store's save") {
        #expect(Set(titles) == ["Dune", "Emma"])
      }
    }
  }
}

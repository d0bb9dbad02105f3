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

  /// The bytes of the store's files that are not zeros: the journal keeps zeros after its
  /// records, room for the next ones.
  func bytesInUse(in folder: URL) throws -> Int {
    try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .reduce(0) { total, file in total + (try Data(contentsOf: file)).filter { $0 != 0 }.count }
  }

  /// What one save adds to a library of `count` books.
  func bytesWrittenBySave(withBooksStored count: Int, in folder: URL) async throws -> Int {
    let library = try await Library.open(in: folder)
    try await library.addBooks(titled: (0..<count).map { "Book \($0)" })
    let before = try bytesInUse(in: folder)
    try await library.books.save(Book(title: "One more"))
    return try bytesInUse(in: folder) - before
  }

  @Test func aSaveCostsTheSameAtAnySize() async throws {
    try await withTemporaryTestFolder { folder in
      let few = try await bytesWrittenBySave(
        withBooksStored: 10, in: folder.appendingPathComponent("few"))
      let many = try await bytesWrittenBySave(
        withBooksStored: 1_000, in: folder.appendingPathComponent("many"))
      #expect(many < 2 * few, "One save wrote \(few) bytes with 10 books, \(many) with 1,000")
    }
  }

  @Test func anotherProcesssSaveSurvivesASaveMadeHere() async throws {
    try await withTemporaryTestFolder { folder in
      let here = try await Library.open(in: folder)
      await #expect(processExitsWith: .success) { [folder = folder as URL] in
        try await Library.open(in: folder).books.save(Book(title: "Emma"))
      }
      try await here.books.save(Book(title: "Dune"))

      let titles = try await Library.open(in: folder).books.loadAll().map(\.title)
      #expect(titles == ["Emma", "Dune"])
    }
  }
}

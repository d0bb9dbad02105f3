// Where the original pattern stops being enough, one test per limit: each fails against the
// first BookStore, and passes once BookStore is fixed.

import Foundation
import ReadingList
import Testing

/// Makes every later write into `folder` fail: the folder goes away (a disk unmounted, a
/// user's clean-up) and a plain file takes its place.
func breakWrites(in folder: URL) throws {
  try FileManager.default.removeItem(at: folder)
  try Data().write(to: folder)
}

/// Waits until `condition` holds, looking every few milliseconds. Returns false if it still
/// does not hold after two minutes, so that a test that waits in vain fails instead of hanging.
func waitUntil(_ condition: () -> Bool) async throws -> Bool {
  let deadline = ContinuousClock.now + .seconds(120)
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try await Task.sleep(for: .milliseconds(10))
  }
  return true
}

@Suite struct LimitsTests {
  @Test func aDamagedFileIsNeverReadAsEmpty() async throws {
    try await withTemporaryTestFolder { folder in
      let file = folder.appendingPathComponent("books.json")
      let damaged = Data("[{\"id\": \"not a book".utf8)
      try damaged.write(to: file)

      #expect(throws: (any Error).self, "BookStore opened a damaged file as an empty list") {
        try BookStore<Book>(fileURL: file)
      }
      // The app opens the store and saves a book, as it would on any launch.
      if let store = try? BookStore<Book>(fileURL: file) {
        try? await store.save(Book(title: "Dune"))
      }
      let onDisk = String(decoding: try Data(contentsOf: file), as: UTF8.self)
      #expect(onDisk == "[{\"id\": \"not a book", "The damaged file was replaced with: \(onDisk)")
    }
  }

  @Test func aFailedWriteLeavesMemoryAsTheFile() async throws {
    try await withTemporaryTestFolder { folder in
      let store = try BookStore<Book>(fileURL: folder.appendingPathComponent("books.json"))
      try breakWrites(in: folder)

      await #expect(throws: (any Error).self) { try await store.save(Book(title: "Dune")) }
      let shown = await store.loadAll().map(\.title)
      #expect(shown.isEmpty, "The save threw, and BookStore still shows \(shown)")
    }
  }

  /// A store of `count` books in `folder`, written as BookStore writes them; then one save.
  /// The save writes the whole file, so the file's size is what it wrote.
  func bytesWrittenBySave(withBooksStored count: Int, in folder: URL) async throws -> Int {
    let file = folder.appendingPathComponent("books-\(count).json")
    let books = (0..<count).map { Book(title: "Book \($0)") }
    try JSONEncoder().encode(books).write(to: file)
    let store = try BookStore<Book>(fileURL: file)
    try await store.save(Book(title: "One more"))
    return try Data(contentsOf: file).count
  }

  @Test func aSaveCostsTheSameAtAnySize() async throws {
    try await withTemporaryTestFolder { folder in
      let few = try await bytesWrittenBySave(withBooksStored: 10, in: folder)
      let many = try await bytesWrittenBySave(withBooksStored: 1_000, in: folder)
      withKnownIssue("BookStore writes every book on every save") {
        #expect(many < 2 * few, "One save wrote \(few) bytes with 10 books, \(many) with 1,000")
      }
    }
  }

  @Test func anotherProcesssSaveSurvivesASaveMadeHere() async throws {
    try await withTemporaryTestFolder { folder in
      let here = try BookStore<Book>.readingList(in: folder)
      // A second process: this test program, started again, runs the closure, then exits.
      await #expect(processExitsWith: .success) { [folder = folder as URL] in
        try await BookStore<Book>.readingList(in: folder).save(Book(title: "Emma"))
      }
      try await here.save(Book(title: "Dune"))

      let titles = try await BookStore<Book>.readingList(in: folder).loadAll().map(\.title)
      #expect(Set(titles) == ["Dune", "Emma"], "Only \(titles) survived: one save undid the other")
    }
  }

  /// The file as `BookStore` writes it: the version of the format, then the books.
  struct Envelope: Encodable {
    var version = 2
    var items: [Book]
  }

  @Test func aSaveWaitsWhileAnotherProcessIsBetweenItsReadAndItsWrite() async throws {
    try await withTemporaryTestFolder { folder in
      let file = folder.appendingPathComponent("books.json")
      // This test plays a process in the middle of its save: it holds the lock and has read
      // the file (no books yet). It writes its book only after the other process had its turn.
      let lock = try FileLock(at: folder.appendingPathComponent("books.json.lock"))
      try lock.lock()
      let saysItWaits = folder.appendingPathComponent("waiting")
      let ended = folder.appendingPathComponent("ended")
      let other = Task {
        await #expect(processExitsWith: .success) { [folder = folder as URL] in
          let waiting = folder.appendingPathComponent("waiting").path
          let store = try BookStore<Book>.readingList(
            in: folder,
            whileWaiting: { _ = FileManager.default.createFile(atPath: waiting, contents: nil) })
          try await store.save(Book(title: "Emma"))
        }
        _ = FileManager.default.createFile(atPath: ended.path, contents: nil)
      }
      // Until the other process says it waits, has saved without waiting, or has ended. Each
      // shows as a file, so no clock decides what this test sees: two minutes with none of
      // them is a failure, never a pass.
      let heardFromIt = try await waitUntil {
        [saysItWaits, file, ended].contains { FileManager.default.fileExists(atPath: $0.path) }
      }
      if !heardFromIt { lock.unlock() }
      try #require(
        heardFromIt,
        "The other process neither saved nor said it waits: does your store pass whileWaiting on?")
      let dune = try JSONEncoder().encode(Envelope(items: [Book(title: "Dune")]))
      try dune.write(to: file, options: .atomic)
      lock.unlock()
      _ = await other.value

      let titles = try await BookStore<Book>.readingList(in: folder).loadAll().map(\.title)
      #expect(
        Set(titles) == ["Dune", "Emma"],
        "Only \(titles) survived: the other process saved between this one's read and its write")
    }
  }
}

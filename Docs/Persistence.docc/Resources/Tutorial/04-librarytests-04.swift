// The reading list on a real disk: reopening, crashing and recovering.

import Foundation
import Persistence
import ReadingList
import Testing

@Suite struct LibraryTests {
  /// A new, empty folder for one test.
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("LibraryTests-\(UUID().uuidString)", isDirectory: true)

  @Test func savedBooksSurviveAReopen() async throws {
    let library = try Library.open(in: folder)
    try await library.addBooks(titled: ["Dune", "Emma"])

    let reopened = try Library.open(in: folder)
    #expect(await reopened.books.loadAll().map(\.title) == ["Dune", "Emma"])
  }

  @Test func aWriteTornByACrashLosesNoAcknowledgedBook() async throws {
    let library = try Library.open(in: folder)
    try await library.addBooks(titled: ["Dune"])  // the first change writes the snapshot
    try await library.addBooks(titled: ["Emma"])  // the next ones append to the journal

    // What a process killed in the middle of its next append leaves: half a record.
    let journal = folder.appendingPathComponent("books.json.journal")
    let handle = try FileHandle(forWritingTo: journal)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("3 200 0badc0de {\"version\":1,\"sa".utf8))
    try handle.close()

    let reopened = try Library.open(in: folder)
    #expect(await reopened.books.loadAll().map(\.title) == ["Dune", "Emma"])
  }

  @Test func anUnreadableFileIsRefusedAndLeftAlone() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("books.json")
    try Data("not a reading list".utf8).write(to: file)

    #expect {
      try Library.open(in: folder)
    } throws: { error in
      (error as? PersistenceError)?.canBeMovedAside == true
    }
    #expect(try Data(contentsOf: file) == Data("not a reading list".utf8))
  }

  @Test func startingAgainKeepsTheOldBytesBesideAnEmptyList() async throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("books.json")
    try Data("not a reading list".utf8).write(to: file)

    let (library, keptAt) = try Library.startAgain(in: folder)

    #expect(await library.books.loadAll().isEmpty)
    let kept = try #require(keptAt)
    #expect(try Data(contentsOf: kept) == Data("not a reading list".utf8))
  }
}

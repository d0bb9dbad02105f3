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
}

// What a crash can leave in the reading list's files, what damage looks like, and the way
// back from a file that cannot be read.

import Foundation
import LocalStore
import ReadingList
import Testing

@Suite struct RecoveryTests {
  /// Opens a reading list in `folder` and adds Dune, Emma and Ulysses, one change each. The
  /// first change writes the snapshot; the next two are records in the journal, followed by
  /// zeros, room kept for the next ones. Returns the journal's location.
  func addThreeBooks(in folder: URL) async throws -> URL {
    let library = try await Library.open(in: folder)
    for title in ["Dune", "Emma", "Ulysses"] {
      try await library.addBooks(titled: [title])
    }
    return folder.appendingPathComponent("books.json.journal")
  }

  @Test func aRecordTornByACrashIsIgnored() async throws {
    try await withTemporaryTestFolder { folder in
      let journal = try await addThreeBooks(in: folder)
      // The start of a fourth record, where a crash would leave it: its header promises 200
      // bytes, and there is no end of line.
      let records = try Data(contentsOf: journal).prefix { $0 != 0 }
      try (records + Data("4 200 0 0badc0de {\"books\":[".utf8)).write(to: journal)

      let reopened = try await Library.open(in: folder)
      #expect(await reopened.books.loadAll().map(\.title) == ["Dune", "Emma", "Ulysses"])
    }
  }
}

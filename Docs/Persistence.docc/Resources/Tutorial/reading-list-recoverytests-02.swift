// What a crash can leave in the reading list's files, what damage looks like, and the way
// back from a file that cannot be read.

import Foundation
import Persistence
import ReadingList
import Testing

@Suite struct RecoveryTests {
  /// Saves Dune, then Emma, and writes `bytes` right after Emma's record, where a crash or
  /// a fault would leave them. The zeros after the records are room kept for the next ones.
  func journalAfterTwoSaves(in folder: URL, thenAppend bytes: String) async throws {
    let library = try await Library.open(in: folder)
    try await library.addBooks(titled: ["Dune"])
    try await library.addBooks(titled: ["Emma"])
    let journal = folder.appendingPathComponent("books.json.journal")
    let records = try Data(contentsOf: journal).prefix { $0 != 0 }
    try (records + Data(bytes.utf8)).write(to: journal)
  }

  @Test func aRecordTornByACrashIsIgnored() async throws {
    try await withTemporaryTestFolder { folder in
      // The start of a third record: its header promises 200 bytes, and no end of line.
      try await journalAfterTwoSaves(in: folder, thenAppend: "3 200 0badc0de {\"books\":[")

      let reopened = try await Library.open(in: folder)
      #expect(await reopened.books.loadAll().map(\.title) == ["Dune", "Emma"])
    }
  }

  @Test func aWholeRecordThatFailsItsChecksumIsRefused() async throws {
    try await withTemporaryTestFolder { folder in
      // A complete line, the right length, ending in a newline, with a wrong checksum.
      try await journalAfterTwoSaves(in: folder, thenAppend: "3 10 0badc0de {\"id\":\"x\"}\n")

      await #expect(throws: PersistenceError.self) { try await Library.open(in: folder) }
    }
  }
}

// Salvage keeps every intact item of a damaged store and moves only the damaged bytes aside.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct SalvageTests {
  /// A store of 32 notes in its snapshot only.
  private func makeStore(in folder: TemporaryDirectory) async throws -> [Note] {
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let notes = sampleNotes(32)
    try await repository.save(contentsOf: notes)
    return notes
  }

  /// Where line `index` (from 0) of `data` starts.
  private func lineStart(_ index: Int, in data: Data) throws -> Int {
    var start = data.startIndex
    for _ in 0..<index {
      start = try #require(data[start...].firstIndex(of: UInt8(ascii: "\n"))) + 1
    }
    return start
  }

  @Test func oneBrokenItemLosesOnlyThatItem() async throws {
    let folder = try TemporaryDirectory()
    let notes = try await makeStore(in: folder)
    let file = folder.appending("q.json")
    var damaged = try #require(bytes(of: file))
    damaged[try lineStart(11, in: damaged)] = UInt8(ascii: "[")  // Item 10 no longer parses.
    try damaged.write(to: file)
    #expect(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    let report = try LocalRepository<Note>.salvage(directory: folder.url, filename: "q.json")
    #expect(report.kept == 31)
    #expect(report.damaged == 1)
    let movedTo = try #require(report.movedTo)
    #expect(bytes(of: movedTo) == damaged)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    var expected = notes
    expected.remove(at: 10)
    #expect(await reopened.loadAll() == expected)
  }

  @Test func aFlippedByteThatStillParsesLosesOnlyItsItem() async throws {
    let folder = try TemporaryDirectory()
    let notes = try await makeStore(in: folder)
    let file = folder.appending("q.json")
    var damaged = try #require(bytes(of: file))
    let line = try lineStart(5, in: damaged)
    let title = try #require(damaged[line...].firstIndex(of: UInt8(ascii: "N")))
    damaged[title] = UInt8(ascii: "M")  // "Note 4" becomes "Mote 4".
    try damaged.write(to: file)
    let report = try LocalRepository<Note>.salvage(directory: folder.url, filename: "q.json")
    #expect(report.kept == 31)
    #expect(report.damaged == 1)
    #expect(report.checksumMismatch)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    var expected = notes
    expected.remove(at: 4)
    #expect(await reopened.loadAll() == expected)
  }

  @Test func aFileWithoutItemChecksumsKeepsEveryItemThatParsesAndSaysTheChecksumFailed()
    async throws
  {
    let folder = try TemporaryDirectory()
    _ = try await makeStore(in: folder)
    let file = folder.appending("q.json")
    var text = try String(contentsOf: file, encoding: .utf8)
    // The header as written before per-item checksums existed.
    let header = try #require(text.split(separator: "\n", maxSplits: 1).first)
    let checksum = try #require(header.range(of: #""checksum":"crc32c:"#))
    let oldHeader =
      header[..<checksum.upperBound] + header[checksum.upperBound...].prefix(8)
      + #"","items":["#
    text = String(oldHeader + text.dropFirst(header.count))
    text = text.replacingOccurrences(of: "Note 4", with: "Mote 4")
    try Data(text.utf8).write(to: file)
    let report = try LocalRepository<Note>.salvage(directory: folder.url, filename: "q.json")
    #expect(report.kept == 32)
    #expect(report.damaged == 0)
    #expect(report.checksumMismatch)
  }

  @Test func storesWithAndWithoutItemChecksumsBothOpen() async throws {
    let folder = try TemporaryDirectory()
    let notes = try await makeStore(in: folder)
    let header = try #require(
      try String(contentsOf: folder.appending("q.json"), encoding: .utf8).split(separator: "\n")
        .first)
    #expect(header.contains(#""items":["#))
    #expect(header.contains(#""lines":"#))
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == notes)
  }

  @Test func aTruncatedStoreIsReportedAsTruncatedAndKeepsWhatCameBeforeTheCut() async throws {
    let folder = try TemporaryDirectory()
    let notes = try await makeStore(in: folder)
    let file = folder.appending("q.json")
    let full = try #require(bytes(of: file))
    let cut = full.prefix(try lineStart(21, in: full) + 30)  // In the middle of item 20.
    try cut.write(to: file)
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    #expect(error.description.contains("truncated"), "\(error)")
    #expect(!error.description.contains("checksum"), "\(error)")
    let report = try LocalRepository<Note>.salvage(directory: folder.url, filename: "q.json")
    #expect(report.truncated)
    #expect(report.kept == 20)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == Array(notes.prefix(20)))
  }

  /// The store keeps the changes up to the damaged record, never a later change without the
  /// one before it; the intact record after the damage goes, as it was, to a file beside it.
  @Test func aDamagedJournalRecordEndsThePrefixAndTheLaterRecordIsSetAside() async throws {
    let folder = try TemporaryDirectory()
    let notes = try await makeStore(in: folder)
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let more = sampleNotes(3, prefix: "more")
    for note in more { try await repository.save(note) }
    let journal = folder.appending("q.json.journal")
    var damaged = try #require(bytes(of: journal))
    damaged[try lineStart(1, in: damaged) + 40] ^= 0x01  // The second record.
    try damaged.write(to: journal)
    let report = try LocalRepository<Note>.salvage(directory: folder.url, filename: "q.json")
    #expect(report.kept == 32)
    #expect(report.journalRecordsApplied == 1)
    #expect(report.journalRecordsDamaged == 1)
    #expect(report.journalRecordsSetAside == 1)
    let third = damaged[try lineStart(2, in: damaged)..<(try lineStart(3, in: damaged))]
    #expect(bytes(of: try #require(report.unappliedRecordsAt)) == third)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == notes + [more[0]])
  }
}

// Salvage keeps every intact journal change: past damage that swallowed a line end, past a
// changed digit in the snapshot's last line, and it counts garbage as bytes, not changes.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct SalvageJournalTests {
  /// The offsets where the lines of `data` start.
  private func lineStarts(_ data: Data) -> [Int] {
    [0] + data.indices.filter { data[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
  }

  /// One changed digit in the snapshot's last line (`"sequence":1` becomes `9`) must not make
  /// the salvage skip the journal's changes 2 to 5 as ones the snapshot already holds.
  @Test func aChangedSequenceInTheSnapshotsLastLineCostsNoJournalChange() async throws {
    let folder = try TemporaryDirectory()
    let notes = try await makeJournaledStore(in: folder)
    let file = folder.appending("q.json")
    let text = try String(contentsOf: file, encoding: .utf8)
    try #require(text.hasSuffix(#"],"sequence":1}"# + "\n"))
    try Data((text.dropLast(3) + "9}\n").utf8).write(to: file)
    #expect(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    let report = try LocalRepository<Note>.salvage(directory: folder.url, filename: "q.json")
    #expect(report.kept == 3)
    #expect(report.journalRecordsApplied == 4)
    #expect(report.journalAppliedFromStart)
    #expect(report.unappliedRecordsAt == nil)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == notes)
  }

  /// A record zeroed with its end of line: the two intact records after it both go to the
  /// `.unapplied-` file and are counted, not only the second.
  @Test func everyIntactRecordAfterAZeroedOneIsSetAsideAndCounted() async throws {
    let folder = try TemporaryDirectory()
    let notes = try await makeJournaledStore(in: folder)
    let journal = journalURL(in: folder)
    var damaged = try #require(bytes(of: journal))
    let records = try #require(journalRecords(in: folder))
    let starts = lineStarts(records)
    for index in starts[1]..<starts[2] { damaged[index] = 0 }  // Record 3, line end included.
    try damaged.write(to: journal)
    let report = try LocalRepository<Note>.salvage(directory: folder.url, filename: "q.json")
    #expect(report.journalRecordsApplied == 1)
    #expect(report.journalRecordsSetAside == 2)
    #expect(report.journalBytesUnreadable == starts[2] - starts[1])
    let unapplied = try #require(report.unappliedRecordsAt)
    #expect(bytes(of: unapplied) == records[starts[2]..<starts[4]])
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == Array(notes.prefix(4)))
  }

  /// A line of garbage between records is reported as bytes, not as a lost change; a record
  /// with a changed bit is one damaged change.
  @Test(arguments: [false, true])
  func garbageIsCountedAsBytesAndADamagedRecordAsAChange(garbage: Bool) async throws {
    let folder = try TemporaryDirectory()
    _ = try await makeJournaledStore(in: folder)
    let journal = journalURL(in: folder)
    let records = try #require(journalRecords(in: folder))
    let starts = lineStarts(records)
    var damaged = records
    let line = Data("some text that got in\n".utf8)
    if garbage {
      damaged.insert(contentsOf: line, at: starts[2])
    } else {
      damaged[starts[2] + 30] ^= 0x04
    }
    try damaged.write(to: journal)
    let report = try LocalRepository<Note>.salvage(directory: folder.url, filename: "q.json")
    #expect(report.journalRecordsApplied == 2)
    #expect(report.journalRecordsDamaged == (garbage ? 0 : 1))
    #expect(report.journalBytesUnreadable == (garbage ? line.count : 0))
    #expect(report.journalRecordsSetAside == (garbage ? 2 : 1))
  }

  /// A last record cut short (a copy made mid-write): its bytes are counted, the changes
  /// before it kept.
  @Test func aLastRecordCutShortIsCountedAsBytes() async throws {
    let folder = try TemporaryDirectory()
    _ = try await makeJournaledStore(in: folder)
    let records = try #require(journalRecords(in: folder))
    let starts = lineStarts(records)
    let cut = records.prefix(starts[3] + 25)
    try cut.write(to: journalURL(in: folder))
    let report = try LocalRepository<Note>.salvage(directory: folder.url, filename: "q.json")
    #expect(report.journalRecordsApplied == 3)
    #expect(report.journalBytesUnreadable == 25)
  }
}

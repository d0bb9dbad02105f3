// A journal record whose number repeats or goes back is damage: reported, then salvaged.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct JournalSequenceTests {
  /// A record of `change` numbered `sequence`, as the writer encodes it.
  static func record(_ change: ItemChange<Note>, sequence: Int) throws -> Data {
    Data(journalRecord(payload: try change.encoded(version: 1), sequence: sequence))
  }

  /// A store `q.json` in `folder` whose snapshot holds `base` at `sequence` and whose journal
  /// holds `records`, written as they are.
  static func makeStore(
    in folder: URL, base: [Note], sequence: Int, records: [Data]
  ) throws {
    let snapshot = try StoreFormat.encode(base, version: 1, sequence: sequence)
    try Data(snapshot).write(to: folder.appendingPathComponent("q.json"))
    try records.reduce(Data(), +).write(to: folder.appendingPathComponent("q.json.journal"))
  }

  @Test func aRepeatedRecordNumberIsReportedWithTheFileTheOffsetAndTheNumbers() throws {
    let folder = try TemporaryDirectory()
    let extra = sampleNotes(3, prefix: "extra")
    let records = [
      try Self.record(.save([extra[0]]), sequence: 2),
      try Self.record(.save([extra[1]]), sequence: 3),
      try Self.record(.save([extra[2]]), sequence: 3),
    ]
    try Self.makeStore(in: folder.url, base: sampleNotes(2), sequence: 1, records: records)
    let offset = records[0].count + records[1].count
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    guard case .corrupt(let file, let reason) = error else {
      Issue.record("not reported as damage: \(error)")
      return
    }
    #expect(file.lastPathComponent == "q.json.journal")
    #expect(reason.contains("byte \(offset)"), "\(reason)")
    #expect(reason.contains("3"), "\(reason)")
  }

  @Test(arguments: [[2, 3, 4, 2], [2, 3, 1], [2, 4, 3]])
  func aRecordNumberThatGoesBackIsDamageNotSkipped(numbers: [Int]) throws {
    let folder = try TemporaryDirectory()
    let extra = sampleNotes(numbers.count, prefix: "extra")
    let records = try zip(extra, numbers).map { try Self.record(.save([$0]), sequence: $1) }
    try Self.makeStore(in: folder.url, base: sampleNotes(2), sequence: 1, records: records)
    #expect(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
  }

  /// Two writers that did not exclude each other leave two records numbered 3: the store
  /// keeps the changes up to the first of them, and the second goes, as it was, to a file
  /// beside it, named in the report: a change applied without the ones before it would make
  /// a state that never was.
  @Test func repairKeepsAPrefixAndSetsTheRecordOfARepeatedNumberAside() async throws {
    let folder = try TemporaryDirectory()
    let base = sampleNotes(2)
    let extra = sampleNotes(3, prefix: "extra")
    let records = [
      try Self.record(.save([extra[0]]), sequence: 2),
      try Self.record(.save([extra[1]]), sequence: 3),
      try Self.record(.save([extra[2]]), sequence: 3),
    ]
    try Self.makeStore(in: folder.url, base: base, sequence: 1, records: records)
    let report = try LocalRepository<Note>.salvage(directory: folder.url, filename: "q.json")
    #expect(report.journalRecordsApplied == 2)
    #expect(report.journalRecordsSetAside == 1)
    let unapplied = try #require(report.unappliedRecordsAt)
    #expect(bytes(of: unapplied) == records[2])
    #expect(unapplied.lastPathComponent.hasPrefix("q.json.journal.unapplied-"))
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == base + extra.prefix(2))
  }

  /// A compaction whose truncate failed leaves records the new snapshot already includes at
  /// the start of the journal: they are skipped, and the records after them apply.
  @Test func recordsAlreadyInTheSnapshotAtTheStartOfTheJournalAreSkipped() async throws {
    let folder = try TemporaryDirectory()
    let base = sampleNotes(4)
    let later = Note(title: "later", text: "a")
    let records = [
      try Self.record(.save([base[2]]), sequence: 3),
      try Self.record(.save([base[3]]), sequence: 4),
      try Self.record(.delete([base[0].id]), sequence: 5),
      try Self.record(.save([later]), sequence: 6),
    ]
    try Self.makeStore(in: folder.url, base: Array(base.dropFirst()), sequence: 5, records: records)
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await repository.loadAll() == Array(base.dropFirst()) + [later])
  }
}

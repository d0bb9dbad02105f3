// Damage in the journal: set aside when no sync covered it, an error when one did.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct JournalDamageTests {
  /// Where the last record of `journal` starts.
  private func lastRecordStart(_ bytes: Data) throws -> Int {
    let records = bytes.prefix { $0 != 0 }  // Without the zeros reserved after them.
    return try #require(records.dropLast().lastIndex(of: UInt8(ascii: "\n"))) + 1
  }

  /// Damage in the last record, with neither a record after it nor the synced mark saying
  /// the journal had been synced past it, is what a power cut leaves of a write no sync
  /// covered: the store opens without it, keeps its bytes beside the journal and warns,
  /// whatever the damage looks like.
  @Test(arguments: ["checksum", "end of line"])
  func aDamagedLastRecordThatNoLaterRecordVouchesForIsSetAsideWithAWarning(
    damage: String
  ) async throws {
    let folder = try TemporaryDirectory()
    let notes = try await makeJournaledStore(in: folder)
    try forgetTheLastSync(in: folder)
    var damaged = try #require(bytes(of: journalURL(in: folder)))
    let start = try lastRecordStart(damaged)
    let end = try #require(journalRecords(in: folder)).count
    if damage == "checksum" { damaged[start + 40] ^= 0x04 } else { damaged[end - 1] ^= 0x01 }
    try damaged.write(to: journalURL(in: folder))

    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == Array(notes.dropLast()))
    let warning = try #require(reopened.warnings.first)
    #expect(warning.bytes.lowerBound == Int64(start))
    let copy = try #require(warning.copy)
    #expect(bytes(of: copy) == damaged[start..<end])
    #expect(bytes(of: journalURL(in: folder)) == damaged)  // Cut off by the next change only.
  }

  /// A record written after the journal was synced past a damaged one says so: the damaged
  /// record had been durable, so the damage came later, and it is an error, naming both.
  @Test func aDamagedRecordThatALaterRecordSaysWasSyncedIsAnError() async throws {
    let folder = try TemporaryDirectory()
    _ = try await makeJournaledStore(in: folder)
    var damaged = try #require(bytes(of: journalURL(in: folder)))
    let second = try #require(damaged.firstIndex(of: UInt8(ascii: "\n"))) + 1
    damaged[20] ^= 0x04  // Inside the first record, which the second says was synced.
    try damaged.write(to: journalURL(in: folder))
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    guard case .corrupt(let url, let reason) = error else {
      Issue.record("expected .corrupt, got \(error)")
      return
    }
    #expect(url.lastPathComponent == "q.json.journal")
    #expect(reason.contains("byte 0") && reason.contains("byte \(second)"), "\(reason)")
    #expect(reason.contains("synced"), "\(reason)")
    #expect(bytes(of: journalURL(in: folder)) == damaged)
  }

  @Test func aTornRecordIsCopiedAsideBeforeTheNextWriterCutsItOff() async throws {
    let folder = try TemporaryDirectory()
    let all = try await makeJournaledStore(in: folder)
    try forgetTheLastSync(in: folder)
    let full = try #require(bytes(of: journalURL(in: folder)))
    let start = try lastRecordStart(full)
    // The start of the record, then the zeros reserved after it, as a killed writer leaves.
    let torn = full.prefix(start + 30) + Data(count: 4_096)
    try torn.write(to: journalURL(in: folder))
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == Array(all.dropLast()))
    try await reopened.save(Note(title: "after the crash", text: "a"))
    let copies = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
      .filter { $0.hasPrefix("q.json.journal.torn-") }
    try #require(copies.count == 1, "\(copies)")
    #expect(bytes(of: folder.appending(copies[0])) == full[start..<(start + 30)])
  }

  @Test(arguments: [Int.max, Int.max - 1, -1])
  func aSequenceFromTheFileThatCannotBeContinuedIsCorruptNotACrash(sequence: Int) throws {
    let folder = try TemporaryDirectory()
    let file = folder.appending("q.json")
    let contents = Data(#"{"version":1,"items":[],"sequence":\#(sequence)}"#.utf8)
    try contents.write(to: file)
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    #expect(error.canBeMovedAside)
    #expect(error.description.contains("sequence"))
    #expect(bytes(of: file) == contents)
  }

  @Test func aJournalRecordWithAnOutOfRangeSequenceIsDamageNotACrash() async throws {
    let folder = try TemporaryDirectory()
    try Data(#"{"version":1,"items":[],"sequence":0}"#.utf8).write(to: folder.appending("q.json"))
    let record = journalRecord(payload: Array(#"{"save":[]}"#.utf8), sequence: Int.max)
    try Data(record).write(to: journalURL(in: folder))
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll().isEmpty)
    #expect(reopened.warnings.first?.bytes == 0..<Int64(record.count))
  }
}

// A damaged last journal record is an error, a torn one is cut off only after a copy is kept.

import Foundation
import TestSupport
import Testing

@testable import Persistence

@Suite struct JournalDamageTests {
  /// Where the last record of `journal` starts.
  private func lastRecordStart(_ bytes: Data) throws -> Int {
    let records = bytes.prefix { $0 != 0 }  // Without the zeros reserved after them.
    return try #require(records.dropLast().lastIndex(of: UInt8(ascii: "\n"))) + 1
  }

  @Test func aCompleteLastRecordThatFailsItsChecksumIsAnErrorNotDropped() async throws {
    let folder = try TemporaryDirectory()
    _ = try await makeJournaledStore(in: folder)
    var damaged = try #require(bytes(of: journalURL(in: folder)))
    let start = try lastRecordStart(damaged)
    damaged[start + 40] ^= 0x04
    try damaged.write(to: journalURL(in: folder))
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    guard case .corrupt(let url, let reason) = error else {
      Issue.record("expected .corrupt, got \(error)")
      return
    }
    #expect(url.lastPathComponent == "q.json.journal")
    #expect(reason.contains("byte \(start)"))
    #expect(reason.contains("checksum"))
    #expect(bytes(of: journalURL(in: folder)) == damaged)
  }

  @Test func aDamagedEndOfLineOfACompleteLastRecordIsAnErrorNotATornWrite() async throws {
    let folder = try TemporaryDirectory()
    _ = try await makeJournaledStore(in: folder)
    var damaged = try #require(bytes(of: journalURL(in: folder)))
    let end = try #require(journalRecords(in: folder)).count
    damaged[end - 1] ^= 0x01  // The newline becomes a control character; the zeros stay.
    try damaged.write(to: journalURL(in: folder))
    #expect(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    #expect(bytes(of: journalURL(in: folder)) == damaged)
  }

  @Test func aTornRecordIsCopiedAsideBeforeTheNextWriterCutsItOff() async throws {
    let folder = try TemporaryDirectory()
    let all = try await makeJournaledStore(in: folder)
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

  @Test func aJournalRecordWithAnOutOfRangeSequenceIsCorruptNotACrash() async throws {
    let folder = try TemporaryDirectory()
    try Data(#"{"version":1,"items":[],"sequence":0}"#.utf8).write(to: folder.appending("q.json"))
    let record = JournalRecord.encode(sequence: Int.max, payload: Array(#"{"save":[]}"#.utf8))
    try Data(record).write(to: journalURL(in: folder))
    #expect(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
  }
}

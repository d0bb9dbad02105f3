// The changes a repair set aside go back in through the normal save path, once, on request.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct SetAsideRecordsTests {
  /// A store whose third journal change is damaged: repaired, it keeps the snapshot's three
  /// notes and the first change, and sets the last two aside. Returns every note and the
  /// file of changes set aside.
  private func repairedStore(in folder: TemporaryDirectory) async throws -> ([Note], URL) {
    let notes = try await makeJournaledStore(in: folder)
    let journal = journalURL(in: folder)
    var damaged = try #require(bytes(of: journal))
    let second = try #require(damaged.firstIndex(of: UInt8(ascii: "\n"))) + 1
    damaged[second + 30] ^= 0x04
    try damaged.write(to: journal)
    let report = try LocalRepository<Note>.salvage(directory: folder.url, filename: "q.json")
    try #require(report.journalRecordsSetAside == 2)
    return (notes, try #require(report.unappliedRecordsAt))
  }

  @Test func theChangesSetAsideAreAppliedOnceAndTheFileIsRenamed() async throws {
    let folder = try TemporaryDirectory()
    let (notes, file) = try await repairedStore(in: folder)
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await repository.loadAll() == Array(notes.prefix(4)))
    let report = try await repository.applySetAsideRecords(from: file)
    #expect(report.applied == 2)
    #expect(report.alreadyApplied == 0)
    var expected = notes
    expected.remove(at: 4)  // The damaged change.
    #expect(await repository.loadAll() == expected)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == expected)

    // Renamed, so that a second run cannot undo an edit made since.
    let renamed = try #require(report.renamedTo)
    #expect(renamed.lastPathComponent.hasPrefix("q.json.journal.applied-"))
    #expect(!FileManager.default.fileExists(atPath: file.path))
    var edited = expected[5]
    edited.text = "edited after the repair"
    try await repository.save(edited)
    let error = await #expect(throws: PersistenceError.self) {
      try await repository.applySetAsideRecords(from: file)
    }
    #expect(
      error?.description.contains(renamed.lastPathComponent) == true,
      "\(String(describing: error))")
    #expect(await repository.find(by: edited.id) == edited)
  }

  /// A run cut short after the first change: the second run applies only the other one.
  @Test func aChangeAlreadyInTheStoreIsNotAppliedAgain() async throws {
    let folder = try TemporaryDirectory()
    let (notes, file) = try await repairedStore(in: folder)
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    try await repository.save(notes[5])  // The first change set aside.
    let report = try await repository.applySetAsideRecords(from: file)
    #expect(report.applied == 1)
    #expect(report.alreadyApplied == 1)
  }

  @Test func aDamagedRecordInTheFileAppliesNothing() async throws {
    let folder = try TemporaryDirectory()
    let (notes, file) = try await repairedStore(in: folder)
    var damaged = try #require(bytes(of: file))
    let second = try #require(damaged.firstIndex(of: UInt8(ascii: "\n"))) + 1
    damaged[second + 30] ^= 0x04
    try damaged.write(to: file)
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let error = await #expect(throws: PersistenceError.self) {
      try await repository.applySetAsideRecords(from: file)
    }
    #expect(
      error?.description.contains("nothing was applied") == true, "\(String(describing: error))")
    #expect(await repository.loadAll() == Array(notes.prefix(4)))
  }
}

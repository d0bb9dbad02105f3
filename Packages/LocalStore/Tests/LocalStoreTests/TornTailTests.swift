// A journal tail torn by a power cut (zeros, then the end of a record) opens, kept and reported.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct TornTailTests {
  private var lossy: StoreConfiguration {
    var configuration = StoreConfiguration()
    configuration.durability = .lossyOnPowerCut(syncWithin: .seconds(3600))
    return configuration
  }

  @Test func aTailTornByAPowerCutOpensKeepsItsBytesAndWarns() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: lossy, fileSystem: fileSystem)
    let base = sampleNotes(3, prefix: "base")
    try await repository.save(contentsOf: base)  // Durable: a new store's snapshot.
    for note in sampleNotes(2, prefix: "later") { try await repository.save(note) }
    // The later part of the appends reached the disk, the earlier part did not.
    fileSystem.tearUnsyncedWrites(keeping: 60)
    let journal = folder.appending("q.json.journal")
    let file = try #require(bytes(of: journal))
    // What is left of the records, before the zeros reserved after them.
    let torn = file.prefix(try #require(file.lastIndex { $0 != 0 }) + 1)
    try #require(torn.first == 0 && torn.last == UInt8(ascii: "\n"))

    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == base)
    let warning = try #require(reopened.warnings.first)
    #expect(reopened.warnings.count == 1)
    #expect(warning.file.lastPathComponent == "q.json.journal")
    #expect(warning.bytes == 0..<Int64(torn.count))
    let copy = try #require(warning.copy)
    #expect(bytes(of: copy) == torn)
    #expect(warning.message.contains(copy.lastPathComponent), "\(warning.message)")
    #expect(warning.message.contains("q.json.journal"), "\(warning.message)")

    // Until a change cuts the tail off, every open finds it again: each one warns, and all
    // name the one copy, so a program that only reads leaves no more files.
    for _ in 0..<3 {
      let reader = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
      #expect(reader.warnings.first?.copy == copy)
    }

    let next = Note(title: "after the power cut", text: "a")
    try await reopened.save(next)
    let again = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await again.loadAll() == base + [next])
    #expect(again.warnings.isEmpty)
    let copies = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
      .filter { $0.hasPrefix("q.json.journal.torn-") }
    #expect(copies.count == 1, "\(copies)")
  }

  @Test func zerosFollowedByAnIntactRecordStayAnError() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    try await repository.save(contentsOf: sampleNotes(3, prefix: "base"))
    for note in sampleNotes(2, prefix: "later") { try await repository.save(note) }
    let journal = folder.appending("q.json.journal")
    var damaged = try #require(bytes(of: journal))
    for index in 0..<30 { damaged[index] = 0 }  // The first of two records.
    try damaged.write(to: journal)
    #expect(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    #expect(bytes(of: journal) == damaged)
  }

  /// LazyFS's `torn-seq` with persist=2,3: a power cut wrote the later pages of an unsynced
  /// write and not the first, so zeros stand where the first record was and the two after it
  /// are intact. None of the three was acknowledged (a sync that covered the later ones would
  /// have covered the first), and their records say so: the journal had not been synced past
  /// the first when they were written. The store opens without them, keeps them beside the
  /// journal, and warns.
  @Test func recordsAfterZerosThatNoSyncCoveredAreATornTail() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: lossy)
    let base = sampleNotes(2, prefix: "base")
    try await repository.save(contentsOf: base)  // A new store's snapshot: durable.
    let synced = Note(title: "synced", text: "a")
    try await repository.save(synced)
    try await repository.synchronize()
    for note in sampleNotes(3, prefix: "unsynced") { try await repository.save(note) }
    let journal = folder.appending("q.json.journal")
    var torn = try #require(bytes(of: journal))
    let first = try #require(torn.firstIndex(of: UInt8(ascii: "\n"))) + 1
    let second = try #require(torn[first...].firstIndex(of: UInt8(ascii: "\n"))) + 1
    for index in first..<second { torn[index] = 0 }  // The first unsynced record's page.
    try torn.write(to: journal)

    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == base + [synced])
    let warning = try #require(reopened.warnings.first)
    #expect(warning.bytes.lowerBound == Int64(first))
    let end = try #require(torn.lastIndex { $0 != 0 }) + 1
    #expect(bytes(of: try #require(warning.copy)) == torn[first..<end])
  }
}

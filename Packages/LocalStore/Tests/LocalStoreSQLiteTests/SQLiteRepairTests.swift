// Repair keeps every row it can still read, past a damaged page, and the original whole.

import Foundation
import LocalStore
import LocalStoreSQLite
import LocalStoreTestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct SQLiteRepairTests {
  @Test func anIntactStoreIsLeftAsItIs() async throws {
    let folder = try TemporaryDirectory()
    try await SQLiteDamageTests.makeStore(in: folder, entries: 100)
    let file = folder.appending("s.sqlite")
    let bytes = try Data(contentsOf: file)
    let report = try SQLiteRepository<Entry>.repair(directory: folder.url, filename: "s.sqlite")
    #expect(report.wasIntact)
    #expect(report.movedTo == nil)
    #expect(try Data(contentsOf: file) == bytes)
  }

  /// The page holding entry 1,000 is overwritten: repair keeps every entry on the other
  /// pages, those after it included, in order, and keeps the damaged original whole.
  @Test func aDamagedPageCostsOnlyTheEntriesOnIt() async throws {
    let folder = try TemporaryDirectory()
    let entries = try await SQLiteDamageTests.makeStore(in: folder, entries: 2_000)
    let file = folder.appending("s.sqlite")
    var bytes = try Data(contentsOf: file)
    let marker = Data("\"title\":\"entry 1000\"".utf8)
    let offset = try #require(bytes.range(of: marker)).lowerBound
    let page = offset / 4096 * 4096
    bytes.replaceSubrange(page..<page + 4096, with: Data(repeating: 0xA5, count: 4096))
    try bytes.write(to: file)

    let report = try SQLiteRepository<Entry>.repair(
      directory: folder.url, filename: "s.sqlite", now: Date(timeIntervalSince1970: 1_000))
    #expect(!report.wasIntact)
    #expect(!report.problems.isEmpty)
    #expect(report.expected == 2_000, "\(report)")
    let movedTo = try #require(report.movedTo)
    #expect(movedTo.lastPathComponent == "s.sqlite.damaged-1000")
    #expect(try Data(contentsOf: movedTo) == bytes)

    let repaired = try await SQLiteRepository<Entry>.open(
      directory: folder.url, filename: "s.sqlite")
    let kept = await repaired.loadAll()
    #expect(await repaired.readFailure == nil)
    #expect(kept.count == report.kept)
    #expect(await repaired.count() == report.kept)
    #expect(kept.count >= 1_900 && kept.count < 2_000, "kept \(kept.count)")
    let keptIDs = Set(kept.map(\.id))
    #expect(kept == entries.filter { keptIDs.contains($0.id) })
    #expect(!keptIDs.contains(entries[1_000].id))
    #expect(keptIDs.contains(entries[0].id) && keptIDs.contains(entries[1_999].id))
    // The repaired store takes changes as any other.
    try await repaired.save(Entry(title: "after the repair"))
    #expect(await repaired.count() == report.kept + 1)
  }

  @Test func aFileThatIsNotADatabaseIsMovedAsideWhole() async throws {
    let folder = try TemporaryDirectory()
    let file = folder.appending("s.sqlite")
    let bytes = Data(repeating: 0x5A, count: 8192)
    try bytes.write(to: file)
    let report = try SQLiteRepository<Entry>.repair(directory: folder.url, filename: "s.sqlite")
    #expect(!report.wasIntact)
    #expect(report.kept == 0)
    #expect(try Data(contentsOf: try #require(report.movedTo)) == bytes)
    let store = try await SQLiteRepository<Entry>.open(directory: folder.url, filename: "s.sqlite")
    #expect(await store.count() == 0)
  }
}

// A batch is one transaction, and a conditional save checks and writes under one lock, across
// connections as within one.

import Dispatch
import Foundation
import LocalStore
import LocalStoreSQLite
import LocalStoreTestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct SQLiteTransactionTests {
  /// A trigger refuses one row of a batch, as a full disk or a damaged page would: the
  /// rows before it must not stay.
  @Test func aBatchRefusedPartWayStoresNothing() async throws {
    let folder = try TemporaryDirectory()
    let repository = try await SQLiteRepository<Entry>.open(
      directory: folder.url, filename: "s.sqlite")
    let kept = sampleEntries(2, prefix: "kept")
    try await repository.save(contentsOf: kept)
    try RawDatabase(repository.fileURL).execute(
      """
      CREATE TRIGGER refuse BEFORE INSERT ON items WHEN NEW.body LIKE '%poison%'
        BEGIN SELECT RAISE(ABORT, 'refused'); END;
      """)
    let batch = [Entry(title: "first"), Entry(title: "poison"), Entry(title: "last")]
    await #expect(throws: PersistenceError.self) { try await repository.save(contentsOf: batch) }
    #expect(await repository.loadAll() == kept)
    #expect(await repository.count() == 2)
  }

  /// An item that cannot be encoded (JSON has no NaN) in the middle of a batch: the batch
  /// fails with the encoding's error, and the items before it, encoded and written in the
  /// same transaction, are not stored.
  @Test func aBatchWithAnItemThatCannotBeEncodedStoresNothing() async throws {
    struct Reading: Codable, Identifiable, Equatable {
      var id = UUID()
      var value: Double
    }
    let folder = try TemporaryDirectory()
    let repository = try await SQLiteRepository<Reading>.open(
      directory: folder.url, filename: "s.sqlite")
    let batch = [Reading(value: 1), Reading(value: .nan), Reading(value: 3)]
    await #expect {
      try await repository.save(contentsOf: batch)
    } throws: { error in
      guard case PersistenceError.encodingFailed = error else { return false }
      return true
    }
    #expect(await repository.loadAll().isEmpty)
    #expect(await repository.count() == 0)
  }

  @Test func aDeletionBatchRefusedPartWayDeletesNothing() async throws {
    let folder = try TemporaryDirectory()
    let repository = try await SQLiteRepository<Entry>.open(
      directory: folder.url, filename: "s.sqlite")
    let entries = sampleEntries(3)
    try await repository.save(contentsOf: entries)
    try RawDatabase(repository.fileURL).execute(
      """
      CREATE TRIGGER refuse BEFORE DELETE ON items WHEN OLD.key = '\(entries[1].id.uuidString)'
        BEGIN SELECT RAISE(ABORT, 'refused'); END;
      """)
    await #expect(throws: PersistenceError.self) {
      try await repository.delete(ids: entries.map(\.id))
    }
    #expect(await repository.loadAll() == entries)
  }

  /// Two repositories on one file, each with its own connection and queue: the first one's
  /// condition holds its transaction open until the second has had every chance to check
  /// its own condition. A check made outside the transaction would see the original item,
  /// and both saves would succeed, the second overwriting the first.
  @Test func aConditionalSaveHoldsAgainstAnotherConnection() async throws {
    let folder = try TemporaryDirectory()
    let first = try await SQLiteRepository<Entry>.open(directory: folder.url, filename: "s.sqlite")
    let second = try await SQLiteRepository<Entry>.open(directory: folder.url, filename: "s.sqlite")
    let original = Entry(title: "original")
    try await first.save(original)
    var mine = original
    mine.title = "first's"
    var theirs = original
    theirs.title = "second's"

    let firstIsChecking = DispatchSemaphore(value: 0)
    let secondChecked = DispatchSemaphore(value: 0)
    let firstSave = Task {
      try await first.save(mine) { current in
        firstIsChecking.signal()
        // Long enough for the second save to check too, if it could.
        _ = secondChecked.wait(timeout: .now() + .milliseconds(500))
        return current == original
      }
    }
    try await onOwnThread { firstIsChecking.wait() }
    let secondSaved = try await second.save(theirs) { current in
      secondChecked.signal()
      return current == original
    }
    let firstSaved = try await firstSave.value
    #expect(firstSaved)
    #expect(!secondSaved)
    #expect(await second.find(by: original.id) == mine)
  }

  @Test func concurrentInsertsFromTwoConnectionsStoreExactlyOne() async throws {
    let folder = try TemporaryDirectory()
    let repositories = [
      try await SQLiteRepository<Entry>.open(directory: folder.url, filename: "s.sqlite"),
      try await SQLiteRepository<Entry>.open(directory: folder.url, filename: "s.sqlite"),
    ]
    let id = UUID()
    let winners = try await withThrowingTaskGroup(of: Entry?.self) { group in
      for index in 0..<40 {
        let rival = Entry(id: id, title: "rival \(index)")
        let repository = repositories[index % 2]
        group.addTask { try await repository.insert(rival) ? rival : nil }
      }
      return try await group.compactMap { $0 }.reduce(into: []) { $0.append($1) }
    }
    try #require(winners.count == 1)
    #expect(await repositories[1].loadAll() == winners)
  }

  /// Two repositories on one database, as two processes would be, each adding one to a
  /// counter at once through `update`: every increment lands, and each transform runs once
  /// (inside the write transaction, on the row as the database holds it).
  @Test func twoRepositoriesLoseNoUpdateAndRunEachTransformOnce() async throws {
    let folder = try TemporaryDirectory()
    let first = try await SQLiteRepository<Entry>.open(
      directory: folder.url, filename: "s.sqlite")
    let second = try await SQLiteRepository<Entry>.open(
      directory: folder.url, filename: "s.sqlite")
    let counter = Entry(title: "counter")
    try await first.save(counter)
    let calls = Guarded(0)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<60 {
        let repository = index.isMultiple(of: 2) ? first : second
        group.addTask {
          _ = try await repository.update(counter.id) { entry in
            calls.withLock { $0 += 1 }
            entry.number += 1
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(calls.withLock { $0 } == 60, "a transform ran more than once")
    #expect(await first.find(by: counter.id)?.number == 60)
  }

  /// A transform that throws leaves the row as it was, and its error reaches the caller.
  @Test func anUpdateWhoseTransformThrowsChangesNothing() async throws {
    struct Refused: Error {}
    let folder = try TemporaryDirectory()
    let repository = try await SQLiteRepository<Entry>.open(
      directory: folder.url, filename: "s.sqlite")
    let entry = Entry(title: "kept")
    try await repository.save(entry)
    await #expect(throws: Refused.self) {
      try await repository.update(entry.id) { entry in
        entry.title = "half done"
        throw Refused()
      }
    }
    #expect(await repository.find(by: entry.id) == entry)
  }
}

// The durability asked for is the durability SQLite runs with, read back from the connection.

import Foundation
import LocalStore
import LocalStoreTestSupport
import Testing

@testable import LocalStoreSQLite

@Suite(.timeLimit(.minutes(1))) struct SQLiteDurabilityTests {
  static let cases: [(Durability, Int64)] = [
    (.durable, 2), (.lossyOnPowerCut(syncWithin: .milliseconds(50)), 1),
  ]

  /// `synchronous` is per connection: what counts is what the repository's own connection
  /// reads back after opening, through every step that could have changed it.
  @Test(arguments: cases)
  func theConnectionRunsInWriteAheadModeWithTheSynchronousLevelAsked(
    durability: Durability, synchronous: Int64
  ) async throws {
    let folder = try TemporaryDirectory()
    var configuration = StoreConfiguration()
    configuration.durability = durability
    let repository = try await SQLiteRepository<Entry>.open(
      directory: folder.url, filename: "s.sqlite", configuration: configuration)
    try await repository.save(Entry(title: "one"))
    let settings = try await repository.durabilitySettings()
    #expect(settings.journalMode == "wal")
    #expect(settings.synchronous == synchronous)
    // Reopened, an existing store is set up the same way.
    let reopened = try await SQLiteRepository<Entry>.open(
      directory: folder.url, filename: "s.sqlite", configuration: configuration)
    let again = try await reopened.durabilitySettings()
    #expect(again.journalMode == "wal" && again.synchronous == synchronous)
  }
}

extension SQLiteDurabilityTests {
  /// A lossy store's changes are synced in the background with nobody asking (the test waits
  /// for it; without the scheduled sync it never comes and the time limit fails the test),
  /// and at once when asked.
  @Test func aLossyStoreSyncsItsLogWithoutBeingAskedAndWhenAsked() async throws {
    let folder = try TemporaryDirectory()
    var configuration = StoreConfiguration()
    configuration.durability = .lossyOnPowerCut(syncWithin: .milliseconds(50))
    let repository = try await SQLiteRepository<Entry>.open(
      directory: folder.url, filename: "s.sqlite", configuration: configuration)
    for entry in sampleEntries(10) { try await repository.save(entry) }
    // Polled, not timed: the sync must come, however busy the machine.
    while await repository.logSyncs == 0 { try await Task.sleep(for: .milliseconds(20)) }
    let before = await repository.logSyncs
    try await repository.save(Entry(title: "one more"))
    try await repository.synchronize()
    #expect(await repository.logSyncs > before)
  }
}

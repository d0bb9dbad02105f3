// The durability asked for is the durability SQLite runs with, read back from the connection.

import Foundation
import Persistence
import TestSupport
import Testing

@testable import SQLitePersistence

@Suite struct SQLiteDurabilityTests {
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

  @Test func aLossyStoresChangesAreSyncedWithinTheDelayAndOnDemand() async throws {
    let folder = try TemporaryDirectory()
    var configuration = StoreConfiguration()
    configuration.durability = .lossyOnPowerCut(syncWithin: .milliseconds(20))
    let repository = try await SQLiteRepository<Entry>.open(
      directory: folder.url, filename: "s.sqlite", configuration: configuration)
    try await repository.save(Entry(title: "one"))
    try await repository.synchronize()
    try await repository.save(Entry(title: "two"))
    try await Task.sleep(for: .milliseconds(200))
    try await repository.synchronize()
    #expect(await repository.count() == 2)
  }
}

// A SQLite repository hears of commits made through another connection to its file.

import Foundation
import LocalStore
import LocalStoreSQLite
import LocalStoreTestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct SQLiteChangeFeedTests {
  @Test func aRepositoryPublishesAnotherConnectionsCommits() async throws {
    let folder = try TemporaryDirectory()
    let writer = try await SQLiteRepository<Entry>.open(directory: folder.url, filename: "s.sqlite")
    let follower = try await SQLiteRepository<Entry>.open(
      directory: folder.url, filename: "s.sqlite")
    var changes = await follower.changes().makeAsyncIterator()
    for round in 0..<5 {
      let entry = Entry(title: "round \(round)")
      try await writer.save(entry)
      #expect(try #require(await changes.next()) == .anything)
      #expect(await follower.find(by: entry.id) == entry)
    }
    let doomed = try #require(await writer.loadAll().first)
    try await writer.delete(doomed.id)
    #expect(try #require(await changes.next()) == .anything)
    #expect(await follower.find(by: doomed.id) == nil)
    let all = await writer.loadAll()
    #expect(await follower.loadAll() == all)
  }

  /// Its own changes come with their IDs, once, and not a second time as another writer's.
  @Test func ownChangesAreNotHeardAgainAsAnotherWriters() async throws {
    let folder = try TemporaryDirectory()
    let repository = try await SQLiteRepository<Entry>.open(
      directory: folder.url, filename: "s.sqlite")
    let other = try await SQLiteRepository<Entry>.open(directory: folder.url, filename: "s.sqlite")
    var changes = await repository.changes().makeAsyncIterator()
    let own = Entry(title: "own")
    try await repository.save(own)
    #expect(await changes.next() == RepositoryChange(ids: [own.id]))
    // Long enough for the watch's rechecks to have run out for the own save.
    try await Task.sleep(for: .seconds(2))
    try await other.save(Entry(title: "other's"))
    #expect(await changes.next() == .anything)
  }
}

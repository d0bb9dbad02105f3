// A LocalRepository hears of changes other repositories make to its files, soon and cheaply.

import Foundation
import LocalStore
import LocalStoreTestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct OtherWriterChangeTests {
  /// Every save of another repository on the same files reaches this one's subscriber, with
  /// its ID, without this one doing anything. How soon is not checked here: a test's wall
  /// clock measures the machine's load as much as the code (`make test` runs every suite at
  /// once), so only the suite's time limit stands for "never".
  @Test func aRepositoryPublishesAnotherRepositorysSave() async throws {
    let folder = try TemporaryDirectory()
    let writer = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let watcher = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    var changes = await watcher.changes().makeAsyncIterator()
    for round in 0..<5 {
      let note = Note(title: "q\(round)", text: "a")
      try await writer.save(note)
      let change = try #require(await changes.next())
      #expect(change.involves(note.id))
      #expect(await watcher.find(by: note.id) == note)
    }
    try await writer.delete(ids: [])
    let all = await writer.loadAll()
    #expect(await watcher.loadAll() == all)
  }

  @Test func aRepositoryPublishesSnapshotsReplacedByRenameAndDeletes() async throws {
    let folder = try TemporaryDirectory()
    var rewrite = StoreConfiguration()
    rewrite.strategy = .rewrite
    // Every save of this writer replaces the snapshot by a rename, as a compaction does.
    let writer = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: rewrite)
    let watcher = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    var changes = await watcher.changes().makeAsyncIterator()
    for index in 0..<40 {
      try await writer.save(
        Note(title: "q\(index)", text: String(repeating: "a", count: 80)))
    }
    while await watcher.loadAll().count < 40 { _ = await changes.next() }
    let doomed = try #require(await writer.loadAll().first)
    try await writer.delete(doomed.id)
    while await watcher.find(by: doomed.id) != nil { _ = await changes.next() }
    let all = await writer.loadAll()
    #expect(await watcher.loadAll() == all)
  }

  /// The store is replaced by another one that has made as many changes (a folder restored
  /// from a copy, say): its sequence number is the same, and still every read shows the
  /// items of the new store, and subscribers hear of it.
  @Test func aStoreReplacedByOneAtTheSameSequenceNumberIsReadWhole() async throws {
    let parent = try TemporaryDirectory()
    let folder = parent.appending("data")
    let other = parent.appending("other")
    try await LocalRepository<Note>(directory: folder, filename: "q.json").save(
      Note(title: "first store", text: "a"))
    let note = Note(title: "second store", text: "b")
    try await LocalRepository<Note>(directory: other, filename: "q.json").save(note)
    let follower = try LocalRepository<Note>(directory: folder, filename: "q.json")
    #expect(await follower.loadAll().map(\.title) == ["first store"])

    try FileManager.default.moveItem(at: folder, to: parent.appending("data.old"))
    try FileManager.default.moveItem(at: other, to: folder)
    var changes = await follower.changes().makeAsyncIterator()
    #expect(await follower.loadAll() == [note])
    #expect(await follower.find(by: note.id) == note)
    #expect(try #require(await changes.next()) == .anything)
  }

  @Test func aChangeMadeBeforeSubscribingIsReadWhenTheWatchBegins() async throws {
    let folder = try TemporaryDirectory()
    let writer = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let watcher = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let note = Note(title: "early", text: "a")
    try await writer.save(note)
    _ = await watcher.changes()
    #expect(await watcher.find(by: note.id) == note)
  }
}

// The journal-backed synced store as an app sees it: a plain repository, followers told of pulled items, tombstones never seen, garbage refused whole.

import Foundation
import LocalStore
import LocalStoreSync
import LocalStoreTestSupport
import Testing

@Suite struct SyncedRepositoryTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "SyncedRepository")
  }

  func open() async throws -> SyncedRepository<Note> {
    try await SyncedRepository<Note>.open(directory: folder.url, filename: "n.json")
  }

  @Test func aDeletedItemIsNeverSeenWhileItsDeleteWaitsToBeSent() async throws {
    let store = try await open()
    let note = Note(title: "gone")
    try await store.save(note)
    try await store.delete(note.id)
    #expect(await store.find(by: note.id) == nil)
    #expect(await store.loadAll().isEmpty)
    #expect(await store.count() == 0)
    #expect(await store.items(offset: 0, limit: 10).isEmpty)
    #expect(try await store.insert(note))
    #expect(await store.loadAll() == [note])
    let reopened = try await open()
    #expect(await reopened.loadAll() == [note])
    let pending = try await reopened.pendingChanges()
    #expect(pending.count == 1 && pending.first?.fields != nil)
  }

  /// A local change writes its item's entry and nothing else: no counter beside it (the
  /// revision is the record's sequence number), so a synced save costs what a save does.
  /// Every revision is new, and the later change of one item has the later one.
  @Test func aLocalChangeWritesOnlyItsItemsEntryWithARevisionOfItsOwn() async throws {
    let store = try await open()
    let first = Note(title: "first")
    let second = Note(title: "second")
    try await store.save(first)
    try await store.save(second)
    try await store.save(Note(id: first.id, title: "first, again"))
    try await store.delete(second.id)
    let journal = try String(
      contentsOf: folder.url.appending(path: "n.json.journal"), encoding: .utf8)
    #expect(journal.split(separator: "\n").count == 4)
    #expect(!journal.contains("~sync"), "\(journal)")
    let pending = try await open().pendingChanges()
    let revisions = pending.map(\.revision)
    #expect(pending.map(\.id) == [try first.id.recordID(), try second.id.recordID()])
    #expect(Set(revisions).count == 2 && revisions == revisions.sorted())
  }

  @Test func aFollowerHearsOfPulledItemsButNotOfTheLedger() async throws {
    let store = try await open()
    let changes = await store.changes()
    var iterator = changes.makeAsyncIterator()
    let pulled = Note(title: "from the server")
    let (id, fields) = try SyncCodec<Note>().record(of: pulled)
    try await store.recordSuccessfulSync()
    try await store.commit(
      SyncUpdate(
        steps: [
          .remote(KintoRecord(id: id, lastModified: 5, fields: fields), expectedPending: nil)
        ],
        cursor: 5))
    let change = try #require(await iterator.next())
    #expect(change.ids == [pulled.id])
    #expect(await store.loadAll() == [pulled])
    #expect(try await store.pendingChanges().isEmpty)
  }

  @Test func anotherRepositoryOnTheSameFilesSeesEachChangeThroughItsFeed() async throws {
    let writer = try await open()
    let follower = try await open()
    let changes = await follower.changes()
    var iterator = changes.makeAsyncIterator()
    let note = Note(title: "written elsewhere")
    try await writer.save(note)
    _ = try #require(await iterator.next())
    #expect(await follower.loadAll() == [note])
    #expect(try await follower.pendingChanges().map(\.id) == [try note.id.recordID()])
  }

  @Test func aPulledRecordThatIsNoItemRefusesItsWholePage() async throws {
    let store = try await open()
    let good = Note(title: "good")
    let (goodID, goodFields) = try SyncCodec<Note>().record(of: good)
    let bad = KintoRecord(
      id: UUID().uuidString.lowercased(), lastModified: 8, fields: ["title": .integer(3)])
    let error = await #expect(throws: SyncError.self) {
      try await store.commit(
        SyncUpdate(
          steps: [
            .remote(
              KintoRecord(id: goodID, lastModified: 7, fields: goodFields), expectedPending: nil),
            .remote(bad, expectedPending: nil),
          ], cursor: 8))
    }
    #expect(error?.localizedDescription.contains(bad.id) == true)
    #expect(await store.loadAll().isEmpty)
    #expect(try await store.pullCursor() == nil)
    #expect(try await open().loadAll().isEmpty)
  }

  @Test func anUpdateMarksTheChangeAndKeepsTheServerVersionItIsBasedOn() async throws {
    let store = try await open()
    var note = Note(title: "t")
    try await store.save(note)
    let create = try #require(try await store.pendingChanges().first)
    try await store.commit(
      SyncUpdate(steps: [
        .acknowledged(id: create.id, revision: create.revision, lastModified: 40)
      ]))
    #expect(await store.pendingCount() == 0)
    let updated = try await store.update(note.id) { $0.text = "changed" }
    note.text = "changed"
    #expect(updated == note)
    let change = try #require(try await open().pendingChanges().first)
    #expect(change.baseLastModified == 40 && change.revision > create.revision)
    #expect(try await store.save(note, if: { $0?.text == "other" }) == false)
    #expect(await store.pendingCount() == 1)
  }
}

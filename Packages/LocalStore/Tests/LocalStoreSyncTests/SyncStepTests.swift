// The outbox rules without a server: what each step does to an in-memory store.

import Foundation
import LocalStoreSync
import Testing

@Suite struct SyncStepTests {
  private let fields: [String: JSONValue] = ["title": .string("t")]

  @Test func aCreateIsSentIfAbsentAndAnUpdateIfUnchangedSinceLastSeen() async throws {
    let store = InMemorySyncStore()
    await store.save(id: "a", fields: fields)
    let create = try #require(await store.pendingChanges().first)
    #expect(create.baseLastModified == nil)
    try await store.commit(
      SyncUpdate(steps: [.acknowledged(id: "a", revision: create.revision, lastModified: 10)]))
    #expect(await store.pendingChanges().isEmpty)
    await store.save(id: "a", fields: ["title": .string("u")])
    #expect(await store.pendingChanges().first?.baseLastModified == 10)
  }

  @Test func anAcknowledgementOfAnOlderRevisionKeepsTheNewerChangeRebased() async throws {
    let store = InMemorySyncStore()
    await store.save(id: "a", fields: fields)
    let sent = try #require(await store.pendingChanges().first)
    await store.save(id: "a", fields: ["title": .string("newer")])
    try await store.commit(
      SyncUpdate(steps: [.acknowledged(id: "a", revision: sent.revision, lastModified: 5)]))
    let left = try #require(await store.pendingChanges().first)
    #expect(left.fields == ["title": .string("newer")] && left.baseLastModified == 5)
  }

  @Test func aRemoteChangeNeverOverwritesALocalEditMadeDuringTheRound() async throws {
    let store = InMemorySyncStore()
    await store.save(id: "a", fields: fields)
    let remote = KintoRecord(id: "a", lastModified: 9, fields: ["title": .string("theirs")])
    try await store.commit(SyncUpdate(steps: [.remote(remote, expectedPending: nil)], cursor: 9))
    #expect(await store.allItems()["a"] == fields)
    #expect(await store.pendingCount() == 1)
    #expect(await store.pullCursor() == 9)
  }

  @Test func aRemoteChangeNoNewerThanTheKnownVersionIsSkipped() async throws {
    let store = InMemorySyncStore()
    let v2 = KintoRecord(id: "a", lastModified: 20, fields: ["title": .string("v2")])
    let v1 = KintoRecord(id: "a", lastModified: 10, fields: ["title": .string("v1")])
    try await store.commit(
      SyncUpdate(steps: [.remote(v2, expectedPending: nil), .remote(v1, expectedPending: nil)]))
    #expect(await store.allItems()["a"] == ["title": .string("v2")])
    #expect(await store.pendingCount() == 0)
  }

  @Test func aConflictHoldsItsChangeUntilResolved() async throws {
    let store = InMemorySyncStore()
    await store.save(id: "a", fields: fields)
    let change = try #require(await store.pendingChanges().first)
    let remote = KintoRecord(id: "a", lastModified: 7, fields: ["title": .string("theirs")])
    let conflict = SyncConflict(
      id: "a", local: fields, remote: remote, pendingRevision: change.revision)
    try await store.commit(SyncUpdate(steps: [.conflict(conflict)]))
    #expect(await store.pendingChanges().isEmpty)
    #expect(await store.pendingCount() == 1)
    await store.resolveConflict(id: "a", keepLocal: false)
    #expect(await store.allItems()["a"] == ["title": .string("theirs")])
    #expect(await store.pendingCount() == 0)
  }

  @Test func aFailedCommitChangesNothing() async throws {
    let store = InMemorySyncStore()
    await store.failCommits(1)
    let remote = KintoRecord(id: "a", lastModified: 3, fields: fields)
    await #expect(throws: SyncError.self) {
      try await store.commit(SyncUpdate(steps: [.remote(remote, expectedPending: nil)], cursor: 3))
    }
    #expect(await store.allItems().isEmpty)
    #expect(await store.pullCursor() == nil)
  }
}

// The outbox rules without a server: what each step does to a store, in memory and on disk.

import Foundation
import LocalStoreSync
import Testing

/// Each rule of ``SyncStep`` against both stores; the journal store is reopened from its
/// files after every step (see ``DeviceStore``).
@Suite struct SyncStepTests {
  private let fields = noteFields("t")

  @Test(arguments: StoreKind.allCases)
  func aCreateIsSentIfAbsentAndAnUpdateIfUnchangedSinceLastSeen(_ kind: StoreKind) async throws {
    let store = try DeviceStore(kind)
    let a = newRecordID()
    try await store.save(id: a, fields: fields)
    let create = try #require(try await store.pendingChanges().first)
    #expect(create.baseLastModified == nil)
    try await store.commit(
      SyncUpdate(steps: [.acknowledged(id: a, revision: create.revision, lastModified: 10)]))
    #expect(try await store.pendingChanges().isEmpty)
    try await store.save(id: a, fields: noteFields("u"))
    #expect(try await store.pendingChanges().first?.baseLastModified == 10)
  }

  @Test(arguments: StoreKind.allCases)
  func anAcknowledgementOfAnOlderRevisionKeepsTheNewerChangeRebased(
    _ kind: StoreKind
  )
    async throws
  {
    let store = try DeviceStore(kind)
    let a = newRecordID()
    try await store.save(id: a, fields: fields)
    let sent = try #require(try await store.pendingChanges().first)
    try await store.save(id: a, fields: noteFields("newer"))
    try await store.commit(
      SyncUpdate(steps: [.acknowledged(id: a, revision: sent.revision, lastModified: 5)]))
    let left = try #require(try await store.pendingChanges().first)
    #expect(left.fields == noteFields("newer") && left.baseLastModified == 5)
    #expect(left.revision > sent.revision)
  }

  @Test(arguments: StoreKind.allCases)
  func anAcknowledgedDeleteLeavesNothingAndADeleteIsSentOnItsBase(
    _ kind: StoreKind
  )
    async throws
  {
    let store = try DeviceStore(kind)
    let a = newRecordID()
    try await store.save(id: a, fields: fields)
    let create = try #require(try await store.pendingChanges().first)
    try await store.commit(
      SyncUpdate(steps: [.acknowledged(id: a, revision: create.revision, lastModified: 4)]))
    try await store.delete(id: a)
    #expect(try await store.allItems().isEmpty)
    let delete = try #require(try await store.pendingChanges().first)
    #expect(delete.fields == nil && delete.baseLastModified == 4)
    try await store.commit(
      SyncUpdate(steps: [.acknowledged(id: a, revision: delete.revision, lastModified: nil)]))
    #expect(try await store.pendingCount() == 0)
    #expect(try await store.allItems().isEmpty)
  }

  @Test(arguments: StoreKind.allCases)
  func aRemoteChangeNeverOverwritesALocalEditMadeDuringTheRound(_ kind: StoreKind) async throws {
    let store = try DeviceStore(kind)
    let a = newRecordID()
    try await store.save(id: a, fields: fields)
    let remote = KintoRecord(id: a, lastModified: 9, fields: noteFields("theirs"))
    try await store.commit(SyncUpdate(steps: [.remote(remote, expectedPending: nil)], cursor: 9))
    #expect(try await store.allItems()[a] == fields)
    #expect(try await store.pendingCount() == 1)
    #expect(try await store.pullCursor() == 9)
  }

  @Test(arguments: StoreKind.allCases)
  func aRemoteChangeNoNewerThanTheKnownVersionIsSkipped(_ kind: StoreKind) async throws {
    let store = try DeviceStore(kind)
    let a = newRecordID()
    let v2 = KintoRecord(id: a, lastModified: 20, fields: noteFields("v2"))
    let v1 = KintoRecord(id: a, lastModified: 10, fields: noteFields("v1"))
    try await store.commit(
      SyncUpdate(steps: [.remote(v2, expectedPending: nil), .remote(v1, expectedPending: nil)]))
    #expect(try await store.allItems()[a] == noteFields("v2"))
    #expect(try await store.pendingCount() == 0)
    let tombstone = KintoRecord(id: a, lastModified: 30, fields: nil)
    try await store.commit(
      SyncUpdate(steps: [.remote(tombstone, expectedPending: nil)], cursor: 30))
    #expect(try await store.allItems().isEmpty)
    #expect(try await store.pullCursor() == 30)
  }

  @Test(arguments: StoreKind.allCases)
  func aConflictHoldsItsChangeUntilResolved(_ kind: StoreKind) async throws {
    let store = try DeviceStore(kind)
    let a = newRecordID()
    try await store.save(id: a, fields: fields)
    let change = try #require(try await store.pendingChanges().first)
    let remote = KintoRecord(id: a, lastModified: 7, fields: noteFields("theirs"))
    let conflict = SyncConflict(
      id: a, local: fields, remote: remote, pendingRevision: change.revision)
    try await store.commit(SyncUpdate(steps: [.conflict(conflict)]))
    #expect(try await store.pendingChanges().isEmpty)
    #expect(try await store.pendingCount() == 1)
    #expect(try await store.conflictIDs() == [a])
    try await store.resolveConflict(id: a, keepLocal: false)
    #expect(try await store.allItems()[a] == noteFields("theirs"))
    #expect(try await store.pendingCount() == 0)
    #expect(try await store.conflictIDs().isEmpty)
  }

  @Test(arguments: StoreKind.allCases)
  func keepingMineSendsTheChangeAgainOverTheServersVersion(_ kind: StoreKind) async throws {
    let store = try DeviceStore(kind)
    let a = newRecordID()
    try await store.save(id: a, fields: fields)
    let change = try #require(try await store.pendingChanges().first)
    let remote = KintoRecord(id: a, lastModified: 7, fields: noteFields("theirs"))
    try await store.commit(
      SyncUpdate(steps: [
        .conflict(
          SyncConflict(id: a, local: fields, remote: remote, pendingRevision: change.revision))
      ]))
    try await store.resolveConflict(id: a, keepLocal: true)
    let again = try #require(try await store.pendingChanges().first)
    #expect(again.fields == fields && again.baseLastModified == 7)
    #expect(try await store.allItems()[a] == fields)
  }

  @Test(arguments: StoreKind.allCases)
  func aFailedCommitChangesNothing(_ kind: StoreKind) async throws {
    let store = try DeviceStore(kind)
    await store.failCommits(1)
    let remote = KintoRecord(id: newRecordID(), lastModified: 3, fields: fields)
    await #expect(throws: SyncError.self) {
      try await store.commit(SyncUpdate(steps: [.remote(remote, expectedPending: nil)], cursor: 3))
    }
    #expect(try await store.allItems().isEmpty)
    #expect(try await store.pullCursor() == nil)
  }
}

// Devices that sync through a real Kinto, in memory and journal-backed: round trips, convergence, deletes, a third device.

import Foundation
import LocalStoreSync
import LocalStoreTestSupport
import Testing

/// Pages of 3 records and batches of 4 requests: every round here pages and splits batches.
@Suite(.needsSyncServer, .kintoServer(paginateBy: 3, batchMaxRequests: 4))
struct SynchronizerTests {
  @Test(arguments: StoreKind.allCases)
  func pushedNotesArePulledByAnotherDeviceAcrossPagesAndBatches(_ kind: StoreKind) async throws {
    let fixture = try ServerFixture()
    let a = try DeviceStore(kind)
    let b = try DeviceStore(kind)
    // 11: batches of 4, 4 and 3; pages of 3, 3, 3 and 2.
    for note in notes(11, "n") { try await a.save(note) }

    let pushed = try await fixture.synchronizer(a).synchronize()
    // Its own writes come back in the pull, and are not counted as pulled.
    #expect(pushed.sent == 11 && pushed.pulled == 0)
    #expect(try await a.pendingCount() == 0)
    let pulled = try await fixture.synchronizer(b).synchronize()
    #expect(pulled.pulled == 11)
    #expect(try await b.notes() == a.notes())
    #expect(try await b.notes().count == 11)

    let again = try await fixture.synchronizer(b).synchronize()
    #expect(again.pulled == 0 && again.sent == 0)
  }

  @Test(arguments: StoreKind.allCases)
  func twoDevicesEditingOfflineConvergeAndDeletesPropagateBothWays(_ kind: StoreKind) async throws {
    let fixture = try ServerFixture()
    let a = try DeviceStore(kind)
    let b = try DeviceStore(kind)
    var base = notes(4, "base")
    for note in base { try await a.save(note) }
    _ = try await fixture.synchronizer(a).synchronize()
    _ = try await fixture.synchronizer(b).synchronize()

    // Offline: each edits, creates and deletes different notes.
    base[0].text = "edited on a"
    try await a.save(base[0])
    try await a.save(Note(title: "new on a"))
    try await a.delete(base[2])
    base[1].text = "edited on b"
    try await b.save(base[1])
    try await b.save(Note(title: "new on b"))
    try await b.delete(base[3])

    for store in [a, b, a] {
      let outcome = try await fixture.synchronizer(store).synchronize()
      #expect(outcome.conflicts.isEmpty)
    }
    let expected = try await a.notes()
    #expect(try await b.notes() == expected)
    #expect(expected.map(\.title) == ["base 0", "base 1", "new on a", "new on b"])
    #expect(expected.first { $0.title == "base 0" }?.text == "edited on a")
    #expect(expected.first { $0.title == "base 1" }?.text == "edited on b")
    #expect(try await a.pendingCount() == 0)
    #expect(try await b.pendingCount() == 0)

    let c = try DeviceStore(kind)
    let third = try await fixture.synchronizer(c).synchronize()
    #expect(try await c.notes() == expected)
    #expect(third.pulled == 4)
  }

  @Test(arguments: StoreKind.allCases)
  func concurrentEditsRaiseAConflictOnTheSecondDeviceUntilAPersonChooses(
    _ kind: StoreKind
  ) async throws {
    let fixture = try ServerFixture()
    let a = try DeviceStore(kind)
    let b = try DeviceStore(kind)
    var note = Note(title: "shared", text: "base")
    try await a.save(note)
    _ = try await fixture.synchronizer(a).synchronize()
    _ = try await fixture.synchronizer(b).synchronize()

    note.text = "from a"
    try await a.save(note)
    var onB = note
    onB.text = "from b"
    try await b.save(onB)
    #expect(try await fixture.synchronizer(a).synchronize().conflicts.isEmpty)
    let second = try await fixture.synchronizer(b).synchronize()

    let id = try note.id.recordID()
    let conflict = try #require(second.conflicts.first)
    #expect(second.conflicts.count == 1 && second.sent == 0)
    #expect(conflict.local?["text"] == .string("from b"))
    #expect(conflict.remote?.fields?["text"] == .string("from a"))
    #expect(try await b.notes() == [onB])
    #expect(try await b.conflictIDs() == [id])

    // Held: the next round neither resends it nor loses it.
    let held = try await fixture.synchronizer(b).synchronize()
    #expect(held.sent == 0 && held.conflicts.isEmpty && held.pulled == 0)
    #expect(try await b.pendingCount() == 1)

    try await b.resolveConflict(id: id, keepLocal: true)
    #expect(try await fixture.synchronizer(b).synchronize().sent == 1)
    _ = try await fixture.synchronizer(a).synchronize()
    #expect(try await a.notes() == [onB])
  }

  @Test(arguments: StoreKind.allCases)
  func aRemoteDeleteOfALocallyEditedNoteIsAConflictAndSoIsTheReverse(_ kind: StoreKind) async throws
  {
    let fixture = try ServerFixture()
    let a = try DeviceStore(kind)
    let b = try DeviceStore(kind)
    var first = Note(title: "first")
    var second = Note(title: "second")
    try await a.save(first)
    try await a.save(second)
    _ = try await fixture.synchronizer(a).synchronize()
    _ = try await fixture.synchronizer(b).synchronize()

    try await a.delete(first)
    first.text = "edited on b"
    try await b.save(first)
    second.text = "edited on a"
    try await a.save(second)
    try await b.delete(second)
    _ = try await fixture.synchronizer(a).synchronize()
    let outcome = try await fixture.synchronizer(b).synchronize()

    let byID = Dictionary(outcome.conflicts.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
    let editedHere = try #require(byID[try first.id.recordID()])
    #expect(editedHere.local?["text"] == .string("edited on b"))
    #expect(editedHere.remote == nil || editedHere.remote?.isDeleted == true)
    let deletedHere = try #require(byID[try second.id.recordID()])
    #expect(deletedHere.local == nil)
    #expect(deletedHere.remote?.fields?["text"] == .string("edited on a"))
    #expect(outcome.conflicts.count == 2)
  }

  @Test(arguments: [ConflictPolicy.serverWins, .clientWins], StoreKind.allCases)
  func aPolicyResolvesConflictsWithoutAsking(
    _ policy: ConflictPolicy, _ kind: StoreKind
  )
    async throws
  {
    let fixture = try ServerFixture()
    let a = try DeviceStore(kind)
    let b = try DeviceStore(kind)
    var note = Note(title: "contested")
    try await a.save(note)
    _ = try await fixture.synchronizer(a).synchronize()
    _ = try await fixture.synchronizer(b).synchronize()
    note.text = "a"
    try await a.save(note)
    var onB = note
    onB.text = "b"
    try await b.save(onB)
    _ = try await fixture.synchronizer(a).synchronize()

    let outcome = try await fixture.synchronizer(b, policy: policy).synchronize()
    #expect(outcome.conflicts.isEmpty && outcome.resolvedByPolicy == 1)
    #expect(try await b.pendingCount() == 0)
    _ = try await fixture.synchronizer(a).synchronize()
    let winner = policy == .serverWins ? "a" : "b"
    #expect(try await a.notes().map(\.text) == [winner])
    #expect(try await b.notes().map(\.text) == [winner])
  }

  @Test(arguments: StoreKind.allCases)
  func aPushWhoseAnswerWasLostIsFoundOnTheServerNotAppliedTwice(_ kind: StoreKind) async throws {
    let fixture = try ServerFixture()
    let a = try DeviceStore(kind)
    var created = Note(title: "created")
    var updated = Note(title: "updated")
    try await a.save(updated)
    _ = try await fixture.synchronizer(a).synchronize()
    try await a.save(created)
    updated.text = "changed"
    try await a.save(updated)

    // The pushes reach the server (another client with the same account sends the same
    // records), but this device never records the answer.
    let pending = try await a.pendingChanges()
    let (results, _) = try await fixture.client().write(
      pending.map {
        KintoWrite(
          id: $0.id, fields: $0.fields,
          precondition: $0.baseLastModified.map { .lastModified($0) } ?? .absent)
      }, to: fixture.collection, batchMaxRequests: 4)
    #expect(results.allSatisfy { if case .applied = $0 { true } else { false } })

    let outcome = try await fixture.synchronizer(a).synchronize()
    #expect(outcome.alreadyOnServer == 2 && outcome.sent == 0 && outcome.conflicts.isEmpty)
    #expect(try await a.pendingCount() == 0)
    created.text = "later"
    try await a.save(created)
    #expect(try await fixture.synchronizer(a).synchronize().sent == 1)
  }

  @Test(arguments: StoreKind.allCases)
  func aLostAnswerFollowedByANewerEditIsNoConflictWithItself(_ kind: StoreKind) async throws {
    let fixture = try ServerFixture()
    let a = try DeviceStore(kind)
    var created = Note(title: "created")
    var updated = Note(title: "updated")
    try await a.save(updated)
    _ = try await fixture.synchronizer(a).synchronize()
    try await a.save(created)
    updated.text = "first edit"
    try await a.save(updated)

    // The round reaches the server, and the process dies before recording the answer.
    let pending = try await a.pendingChanges()
    _ = try await fixture.client().write(
      pending.map {
        KintoWrite(
          id: $0.id, fields: $0.fields,
          precondition: $0.baseLastModified.map { .lastModified($0) } ?? .absent)
      }, to: fixture.collection, batchMaxRequests: 4)
    // Restarted, the person edits both again before the next round.
    created.text = "edited after the crash"
    updated.text = "second edit"
    try await a.save(created)
    try await a.save(updated)

    let outcome = try await fixture.synchronizer(a).synchronize()
    #expect(outcome.conflicts.isEmpty && outcome.sent == 2)
    #expect(try await a.pendingCount() == 0)
    let other = try DeviceStore(kind)
    _ = try await fixture.synchronizer(other).synchronize()
    #expect(try await other.notes() == [created, updated])
  }

  @Test(arguments: StoreKind.allCases)
  func aLocalEditMadeBetweenPushAndPullIsSentNextRoundWithoutAConflict(
    _ kind: StoreKind
  ) async throws {
    let fixture = try ServerFixture()
    let draft = Note(title: "draft")
    var note = draft
    note.text = "edited mid-round"
    let store = EditingDuringPull(
      inner: try DeviceStore(kind), edit: try SyncCodec<Note>().record(of: note))
    try await store.inner.save(draft)
    let first = try await fixture.synchronizer(store).synchronize()
    #expect(first.sent == 1 && first.conflicts.isEmpty)
    #expect(try await store.inner.conflictIDs().isEmpty)
    #expect(try await fixture.synchronizer(store).synchronize().sent == 1)
    let other = try DeviceStore(kind)
    _ = try await fixture.synchronizer(other).synchronize()
    #expect(try await other.notes() == [note])
  }

  @Test(arguments: StoreKind.allCases)
  func aFailedCommitMidPullLosesNoRemoteChange(_ kind: StoreKind) async throws {
    let fixture = try ServerFixture()
    let a = try DeviceStore(kind)
    let b = try DeviceStore(kind)
    for note in notes(8, "p") { try await a.save(note) }
    _ = try await fixture.synchronizer(a).synchronize()

    await b.failCommits(1, after: 1)  // the second page's step fails, as a crash would
    await #expect(throws: SyncError.self) { try await fixture.synchronizer(b).synchronize() }
    #expect(try await b.notes().count == 3)
    _ = try await fixture.synchronizer(b).synchronize()
    #expect(try await b.notes() == a.notes())
  }
}

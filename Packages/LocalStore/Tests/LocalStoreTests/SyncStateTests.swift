// Durability as a state machine, on its own: its phases, the lock rule, the records taken back.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

/// A clock for tests: an instant that moves only when told.
struct TestClock {
  private(set) var now = ContinuousClock.now

  /// Moves the clock `duration` on.
  mutating func advance(by duration: Duration) {
    now = now + duration
  }
}

@Suite struct SyncStateTests {
  typealias State = SyncState<String>

  /// Where a record ending at byte `end` of journal generation `generation` ends.
  static func at(_ end: Int64, generation: Int = 1) -> Journal.Position {
    Journal.Position(generation: generation, end: end)
  }

  @Test func aDurableRecordWaitsForAFlushAndKeepsTheLockUntilOneCoversIt() {
    var state = State()
    #expect(state.phase == .synced)
    #expect(!state.needsTheLock)
    state.appended(due: nil)
    #expect(state.phase == .appended(due: nil))
    #expect(state.durableSavesWait && state.needsTheLock)
    let first = state.startFlush(covering: Self.at(100))
    state.follow("a save appended before the flush, on another task")
    // Appended while the flush runs: the flush does not cover it.
    state.appended(due: nil)
    #expect(
      state.phase == .flushing(.init(number: first, covered: Self.at(100), recordsAfter: true)))
    #expect(state.endFlush() == ["a save appended before the flush, on another task"])
    #expect(state.phase == .appended(due: nil), "the later record waits for the next flush")
    #expect(state.needsTheLock)
    let second = state.startFlush(covering: Self.at(150))
    #expect(second == first + 1)
    #expect(state.endFlush().isEmpty)
    #expect(state.phase == .synced)
    #expect(!state.needsTheLock && !state.durableSavesWait)
  }

  @Test func aSyncOnTheActorDuringAFlushLeavesTheFlushToEnd() {
    var state = State()
    state.appended(due: nil)
    _ = state.startFlush(covering: Self.at(100))
    state.appended(due: nil)
    state.syncedHere()
    #expect(state.isFlushing, "the flush under way still ends, and wakes its followers")
    _ = state.endFlush()
    #expect(state.phase == .synced)
  }

  @Test func lossyRecordsKeepTheLockOnlyThroughTheirLeaseAndTheEarliestSyncIsDue() {
    var clock = TestClock()
    var state = State()
    let due = clock.now + .milliseconds(200)
    state.appended(due: due)
    #expect(state.lossyRecordsWait && !state.durableSavesWait)
    #expect(!state.needsTheLock, "a lossy record alone keeps no lock")
    state.startLease(until: clock.now + .milliseconds(20))
    #expect(state.needsTheLock)
    clock.advance(by: .milliseconds(50))
    state.appended(due: clock.now + .milliseconds(200))
    #expect(state.syncDue == due, "the first record's promise is the one to keep")
    state.endLease()
    #expect(!state.needsTheLock)
    #expect(state.lossyRecordsWait)
    state.syncedHere()
    #expect(state.phase == .synced)
    #expect(state.syncDue == nil)
  }

  @Test func recordsTakenBackFailTheirSavesOnlyAndWakeTheFollowers() {
    var state = State()
    state.appended(due: nil)
    _ = state.startFlush(covering: Self.at(300))
    state.follow("follower")
    let error = PersistenceError.notDurable(URL(fileURLWithPath: "/q.json"), reason: "EIO")
    let woken = state.tookBack(generation: 1, length: 200, error: error, lossy: false)
    #expect(woken == ["follower"])
    #expect(state.takenBack(Self.at(250)) == error)
    #expect(state.takenBack(Self.at(200)) == nil, "synced before the cut")
    #expect(state.takenBack(Self.at(250, generation: 2)) == nil, "another journal")
    #expect(state.lossyFailure == nil)
    _ = state.endFlush()
    #expect(state.phase == .synced)
    #expect(!state.needsTheLock)
  }

  @Test func aLossyChangeTakenBackIsReportedOnce() {
    var state = State()
    state.appended(due: .now)
    let error = PersistenceError.notDurable(URL(fileURLWithPath: "/q.json"), reason: "EIO")
    _ = state.tookBack(generation: 1, length: 0, error: error, lossy: true)
    #expect(state.phase == .synced)
    #expect(state.takeLossyFailure() == error)
    #expect(state.takeLossyFailure() == nil)
  }
}

/// The state machine driving a real engine, through a file system that fails on demand.
@Suite struct SyncStateEngineTests {
  /// A durable store on `fileSystem` in `folder`, with its snapshot and its journal written.
  static func store(
    in folder: URL, on fileSystem: FailingFileSystem
  ) async throws -> LocalRepository<Note> {
    let repository = try LocalRepository<Note>(
      directory: folder, filename: "q.json", fileSystem: fileSystem)
    try await repository.save(Note(title: "snapshot"))
    try await repository.save(Note(title: "journal"))
    return repository
  }

  /// Nobody could share its flush: it runs on the actor, with no descriptor duplicated for
  /// the syncer queue and no hop there.
  @Test func aLoneSaveSyncsOnTheActor() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try await Self.store(in: folder.url, on: fileSystem)
    fileSystem.fail(at: nil)
    try await repository.save(Note(title: "lone"))
    #expect(fileSystem.calls.filter { $0 == "fsync" }.count == 1, "\(fileSystem.calls)")
    #expect(!fileSystem.calls.contains("dup"), "\(fileSystem.calls)")
    let state = await repository.durabilityState
    #expect(state.phase == .synced)
    #expect(!state.holdsLock)
  }

  /// A failed `fsync` takes the save back, and leaves the machine synced and the lock let
  /// go: the next save goes through.
  @Test func aFailedSyncEndsSyncedWithTheLockLetGo() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try await Self.store(in: folder.url, on: fileSystem)
    fileSystem.failNextJournalSyncLosingPages()
    await #expect(throws: PersistenceError.self) {
      try await repository.save(Note(title: "lost"))
    }
    let state = await repository.durabilityState
    #expect(state.phase == .synced)
    #expect(!state.holdsLock)
    try await repository.save(Note(title: "after"))
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll().map(\.title) == ["snapshot", "journal", "after"])
  }

  /// A change waiting for its turn at the lock is never held behind an `fsync` on the actor:
  /// with every second change made to wait for its turn, the first save's record is the last
  /// appended, yet its flush goes to the syncer, and the actor answers a read while it is held.
  /// (Under the thread sanitizer this timing came by itself, and the flush held on the actor
  /// hung the test that held it.)
  @Test func aSaveWaitingForItsTurnKeepsTheLeadersFlushOffTheActor() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.longestLockHold = .zero
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    try await repository.save(Note(title: "snapshot"))
    let gate = DispatchSemaphore(value: 0)
    let held = Guarded(0)
    let holder = Task { await repository.hold(until: gate, signalling: held) }
    try await waitUntil(held, reaches: 1)
    let saves = [Note(title: "one"), Note(title: "two")].map { note in
      Task { try await repository.save(note) }
    }
    try await waitUntil(repository, hasWaiting: 2)
    let flushGate = DispatchSemaphore(value: 0)
    let flushing = Guarded(0)
    fileSystem.holdFlushes(onPathContaining: ".journal", until: flushGate, entered: flushing)
    gate.signal()
    try await waitUntil(flushing, reaches: 1)
    let answered = Guarded(0)
    let read = Task {
      _ = await repository.loadAll()
      answered.withLock { $0 = 1 }
    }
    let deadline = ContinuousClock.now + .seconds(20)
    while answered.withLock({ $0 }) == 0, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(answered.withLock { $0 } == 1, "the actor was held by the flush")
    flushGate.signal()
    await holder.value
    await read.value
    for save in saves { try await save.value }
    #expect(await repository.loadAll().count == 3)
  }
}

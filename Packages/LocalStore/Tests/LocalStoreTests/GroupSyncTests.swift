// The shared fsync of a group of saves runs off the actor, which answers reads meanwhile.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct GroupSyncTests {
  /// Two saves queue up behind a held actor, so they share one sync, handed to the syncer.
  /// While that `fsync` is held, a read must still get through the actor; the saves return
  /// once the flush is let go.
  @Test func theActorAnswersReadsWhileAGroupsFsyncRuns() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "notes.json", configuration: Self.oneLongTurn,
      fileSystem: fileSystem)
    // The first change writes the snapshot, durable at once; later ones go to the journal.
    let first = Note(title: "first")
    try await repository.save(first)

    let (flushGate, tasks) = try await Self.holdTheSyncOfTwoQueuedSaves(
      of: repository, through: fileSystem)

    // The flush is held. A read, made from a task so that a regression fails instead of
    // hanging, must come back.
    let answered = Guarded(0)
    let read = Task {
      let count = await repository.loadAll().count
      answered.withLock { $0 = 1 }
      return count
    }
    let answeredDuringTheFlush = try await finishesWhileHeld(answered)
    flushGate.signal()
    #expect(answeredDuringTheFlush, "the read waited for the fsync")
    #expect(await read.value == 3)
    for task in tasks { try await task.value }
  }

  /// When the flush cannot get a descriptor of its own (the process is at its limit of open
  /// files), the group is synced on the actor instead: its saves succeed, and are synced.
  @Test func aGroupIsSyncedOnTheActorWhenNoDescriptorIsLeftForTheSyncer() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "notes.json", configuration: Self.oneLongTurn,
      fileSystem: fileSystem)
    try await repository.save(Note(title: "first"))  // The snapshot; the rest go to the journal.
    fileSystem.fail("dup", onPathEndingIn: ".journal", code: EMFILE)

    let (gate, tasks) = try await Self.queueTwoSaves(behindTheHeldActorOf: repository)
    gate.signal()
    for task in tasks { try await task.value }

    let calls = fileSystem.calls
    let refused = try #require(calls.lastIndex(of: "dup"), "the group never asked for a flush")
    #expect(calls[refused...].contains("fsync"), "the group was not synced after all")
    #expect(await repository.loadAll().count == 3)
  }

  /// Saves that follow each other closely keep the store's lock from one to the next, each
  /// until its record is synced; past ``StoreConfiguration/longestLockHold`` a new change waits for
  /// the syncs under way and the lock to be let go, so that another writer gets a turn,
  /// instead of appending under a lock held for good.
  @Test func aLongHoldOfTheLockMakesTheNextChangeWaitForItToGo() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    // Long enough that the second queued save appends within it even under the thread
    // sanitizer; a save queued later than that would wait its turn instead, and the first
    // would flush alone, on the actor.
    var configuration = StoreConfiguration()
    configuration.longestLockHold = .seconds(1)
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "notes.json", configuration: configuration,
      fileSystem: fileSystem)
    try await repository.save(Note(title: "first"))
    let (flushGate, tasks) = try await Self.holdTheSyncOfTwoQueuedSaves(
      of: repository, through: fileSystem)
    // The group's sync is held, so is the lock: longer than the longest hold.
    try await Task.sleep(for: configuration.longestLockHold * 2)
    let written = fileSystem.calls.filter { $0 == "pwrite" }.count

    let later = Task { try await repository.save(Note(title: "later")) }
    let deadline = ContinuousClock.now + hangGuard
    var waits = false
    while ContinuousClock.now < deadline {
      waits = await repository.changesWaitingForTheLockToGo == 1
      if waits || fileSystem.calls.filter({ $0 == "pwrite" }).count > written { break }
      try await Task.sleep(for: .microseconds(200))
    }
    #expect(waits, "the later save was appended under the lock held all along")
    #expect(fileSystem.calls.filter { $0 == "pwrite" }.count == written)
    flushGate.signal()
    for task in tasks { try await task.value }
    try await later.value
    #expect(await repository.loadAll().count == 4)
  }

  /// A configuration whose writer never gives other writers a turn: the two queued saves
  /// must append one after the other under the lock however slow the machine is (under the
  /// thread sanitizer, the second can start more than the default's 50 ms after the first
  /// took the lock, and would then wait for the held sync instead of appending).
  private static var oneLongTurn: StoreConfiguration {
    var configuration = StoreConfiguration()
    configuration.longestLockHold = .seconds(3600)
    return configuration
  }

  /// Queues two saves as one group (``queueTwoSaves(behindTheHeldActorOf:)``), lets them
  /// run, and returns once their shared flush of the journal is held in `fileSystem`.
  /// Signalling the returned gate lets the flush go; the tasks are those of the group.
  private static func holdTheSyncOfTwoQueuedSaves(
    of repository: LocalRepository<Note>, through fileSystem: FailingFileSystem
  ) async throws -> (flushGate: DispatchSemaphore, tasks: [Task<Void, any Error>]) {
    let flushGate = DispatchSemaphore(value: 0)
    let flushing = Guarded(0)
    let (gate, tasks) = try await queueTwoSaves(behindTheHeldActorOf: repository)
    fileSystem.holdFlushes(onPathContaining: ".journal", until: flushGate, entered: flushing)
    gate.signal()
    try await waitUntil(flushing, reaches: 1)
    // The held flush must be the syncer's: held on the actor, it would keep every later call
    // to the repository waiting, and the test would hang instead of failing.
    let answered = Guarded(0)
    let probe = Task {
      _ = await repository.loadAll()
      answered.withLock { $0 = 1 }
    }
    guard try await finishesWhileHeld(answered) else {
      flushGate.signal()
      await probe.value
      Issue.record("the group's flush was held on the actor, not on the syncer")
      throw HeldOnTheActor()
    }
    return (flushGate, tasks)
  }

  /// The group's flush ran on the actor, so the test cannot go on.
  private struct HeldOnTheActor: Error {}

  /// Holds the actor of `repository` and queues two saves behind it, so that they run as one
  /// group; returns once both wait. Signalling the gate lets the actor go; the tasks are the
  /// holder and the two saves.
  private static func queueTwoSaves(
    behindTheHeldActorOf repository: LocalRepository<Note>
  ) async throws -> (gate: DispatchSemaphore, tasks: [Task<Void, any Error>]) {
    let gate = DispatchSemaphore(value: 0)
    let held = Guarded(0)
    let holder = Task<Void, any Error> { await repository.hold(until: gate, signalling: held) }
    try await waitUntil(held, reaches: 1)
    let saves = [Note(title: "one"), Note(title: "two")].map { note in
      Task { try await repository.save(note) }
    }
    try await waitUntil(repository, hasWaiting: 2)
    return (gate, [holder] + saves)
  }
}

// The store's lock holds while its lock file is removed, renamed or replaced, and a writer
// waiting for it gets a turn beside a busy one.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct LockTamperingTests {
  /// A lock held while its file is removed, renamed or replaced still keeps out a writer that
  /// finds another file (or none) at the path. Both holders are in this process, each with a
  /// descriptor of its own: a `flock` belongs to the open file, so they exclude each other
  /// as two processes do. The second time on a lock file its holder has used before is
  /// taken too, since the first time may differ.
  @Test(arguments: LockTampering.allCases, [1, 2])
  func aHeldLockStillExcludesAWriterOnceItsFileIsTamperedWith(
    tampering: LockTampering, takings: Int
  ) async throws {
    let parent = try TemporaryDirectory()
    let folder = parent.appending("data")
    try await LocalRepository<Note>(directory: folder, filename: "q.json")
      .save(Note(title: "before", text: "a"))
    // Opened before the lock is taken, since opening reads under it too; it opens the lock
    // file for its first change, which finds what is at the path once it was tampered with.
    var configuration = StoreConfiguration()
    configuration.lockTimeout = .milliseconds(200)
    let other = try LocalRepository<Note>(
      directory: folder, filename: "q.json", configuration: configuration)

    let held = StoreLock(
      location: try StoreLocation(directory: folder, filename: "q.json"),
      fileSystem: SystemFileSystem(), timeout: .seconds(5))
    for _ in 1..<takings {
      try held.lock()
      held.unlock()
    }
    try held.lock()
    tampering.apply(in: folder, serial: 0)

    let refused = Note(title: "while held", text: "b")
    let error = await #expect(throws: PersistenceError.self) { try await other.save(refused) }
    guard case .lockTimeout = error else {
      Issue.record("expected a lock time-out, got \(String(describing: error))")
      return
    }
    held.unlock()
    let after = Note(title: "after", text: "c")
    try await other.save(after)
    let reopened = try LocalRepository<Note>(directory: folder, filename: "q.json")
    #expect(await reopened.find(by: after.id) != nil)
    #expect(await reopened.find(by: refused.id) == nil)
  }

  /// Two writers in child processes, one durable and one lossy, while the lock file is
  /// tampered with every 2 ms: every acknowledged save is in the store, nothing fails, and
  /// the store opens. `make check` runs the same with 4 writers too, and more rounds
  /// (``LockTamperingCheckTests``).
  @Test(arguments: LockTampering.allCases)
  func acknowledgedSavesSurviveALockFileTamperedWithEveryFewMilliseconds(
    tampering: LockTampering
  ) async throws {
    let round = try await runWritersWhileTampering(
      tampering, writers: 2, durableSaves: 60, lossySaves: 600)
    #expect(round.acknowledged == 661, "\(round.errors)")
    #expect(round.lost == 0, "\(round.errors)")
    #expect(round.falseErrors == 0, "\(round.errors)")
    #expect(round.opened, "\(round.errors)")
  }

  /// A durable writer in a child process gets the lock from a lossy writer that saves in a
  /// tight loop and, left to itself, would keep the lock for a minute (its lease and its
  /// longest hold are set that long): the busy writer sees that another waits, and lets it
  /// have a turn. The child would otherwise give up after its 10-second lock time-out.
  @Test func aDurableWriterGetsATurnBesideALossyWriterInATightLoop() async throws {
    let parent = try TemporaryDirectory()
    let folder = parent.appending("data")
    var configuration = StoreConfiguration()
    configuration.durability = .lossyOnPowerCut(syncWithin: .seconds(60))
    configuration.lossyLockLease = .seconds(60)
    configuration.longestLockHold = .seconds(60)
    let busy = try LocalRepository<Note>(
      directory: folder, filename: "q.json", configuration: configuration)
    try await busy.save(Note(title: "first", text: "a"))

    let path = folder.path
    let child = Task {
      try await onOwnThread {
        try ChildProcess.runBlocking(storeWriter, ["save", path, "3", "durable"])
      }
    }
    // The loop keeps the lock busy until the child has ended, however it ends.
    let childEnded = Guarded(false)
    let watcher = Task {
      _ = await child.result
      childEnded.withLock { $0 = true }
    }
    var busySaves = 0
    while !childEnded.read({ $0 }) {
      try await busy.save(Note(title: "busy \(busySaves)", text: "b"))
      busySaves += 1
    }
    await watcher.value
    let result = try await child.value
    #expect(result.status == 0, "\(result.standardError)")
    let theirs = acknowledgedIDs(in: result.standardOutput)
    #expect(theirs.count == 3)
    try await busy.synchronize()
    let reopened = try LocalRepository<Note>(directory: folder, filename: "q.json")
    for id in theirs { #expect(await reopened.find(by: id) != nil) }
    #expect(await reopened.loadAll().count == 1 + busySaves + theirs.count)
  }
}

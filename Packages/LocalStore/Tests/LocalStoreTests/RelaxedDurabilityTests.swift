// Durability.lossyOnPowerCut: a change returns once written, is synced within the bound, and
// a power cut loses at most the unsynced changes, never the store.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct RelaxedDurabilityTests {
  private func configuration(syncWithin delay: Duration) -> StoreConfiguration {
    var configuration = StoreConfiguration()
    configuration.durability = .lossyOnPowerCut(syncWithin: delay)
    return configuration
  }

  @Test func durableIsTheDefault() {
    #expect(StoreConfiguration().durability == .durable)
  }

  @Test func aSaveReturnsBeforeAnySyncOfTheJournal() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json",
      configuration: configuration(syncWithin: .seconds(3600)), fileSystem: fileSystem)
    try await repository.save(contentsOf: sampleNotes(3, prefix: "base"))
    // The first record creates the journal and flushes the folder, as a durable save would.
    try await repository.save(Note(title: "first record", text: "a"))
    fileSystem.fail(at: nil)  // Forget the calls so far.
    for note in sampleNotes(5, prefix: "later") { try await repository.save(note) }
    #expect(fileSystem.calls.filter { $0 == "pwrite" }.count == 5)
    #expect(!fileSystem.calls.contains("fsync"), "\(fileSystem.calls)")
    #expect(await repository.loadAll().count == 9)
  }

  @Test func aPowerCutLosesOnlyTheUnsyncedChangesAndTheStoreStillOpens() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json",
      configuration: configuration(syncWithin: .seconds(3600)), fileSystem: fileSystem)
    let base = sampleNotes(3, prefix: "base")
    try await repository.save(contentsOf: base)  // Durable: a new store's snapshot.
    let later = sampleNotes(5, prefix: "later")
    for note in later { try await repository.save(note) }

    fileSystem.dropUnsyncedWrites()

    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let stored = await reopened.loadAll()
    // A prefix of the acknowledged changes, in order, and at least the synced ones.
    let acknowledged = base + later
    #expect(stored.count >= base.count)
    #expect(stored == Array(acknowledged.prefix(stored.count)))
    // The store takes new changes after the cut.
    let next = Note(title: "after the cut", text: "a")
    try await reopened.save(next)
    #expect(await reopened.find(by: next.id) == next)
  }

  @Test func theJournalIsSyncedWithinTheBoundSoAPowerCutAfterItLosesNothing() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json",
      configuration: configuration(syncWithin: .milliseconds(50)), fileSystem: fileSystem)
    try await repository.save(contentsOf: sampleNotes(3, prefix: "base"))
    fileSystem.fail(at: nil)
    let later = sampleNotes(5, prefix: "later")
    for note in later { try await repository.save(note) }
    let deadline = ContinuousClock.now + hangGuard
    while !fileSystem.calls.contains("fsync") && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(fileSystem.calls.contains("fsync"), "no background sync at all")
    // The sync ran on the sync queue: wait until it has finished before the cut.
    try await Task.sleep(for: .milliseconds(100))

    fileSystem.dropUnsyncedWrites()

    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == (await repository.loadAll()))
    #expect(await reopened.loadAll().count == 8)
  }

  /// A burst of lossy saves takes the store's lock (the lock file's `flock` and the folder's)
  /// and looks for other writers once: while the lease lasts, a save makes one `pwrite` and
  /// one check that the lock file is still the one at its path.
  @Test func aBurstOfLossySavesTakesTheLockOnce() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = configuration(syncWithin: .seconds(3600))
    configuration.lossyLockLease = .seconds(3600)
    configuration.longestLockHold = .seconds(3600)  // However slow the machine is now.
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    try await repository.save(contentsOf: sampleNotes(2, prefix: "base"))
    fileSystem.fail(at: nil)
    for note in sampleNotes(10, prefix: "burst") { try await repository.save(note) }
    #expect(fileSystem.calls.filter { $0 == "flock" }.count == 2, "\(fileSystem.calls)")
    #expect(fileSystem.calls.filter { $0 == "pwrite" }.count == 10, "\(fileSystem.calls)")
  }

  /// The lease ends by itself: another writer of the store saves while the first one's lossy
  /// changes still wait for their sync (an hour from now), and both changes are kept.
  @Test func anotherWriterGetsTheLockOnceTheLeaseEnds() async throws {
    let folder = try TemporaryDirectory()
    var configuration = configuration(syncWithin: .seconds(3600))
    configuration.lockTimeout = .seconds(60)
    let first = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    try await first.save(contentsOf: sampleNotes(2, prefix: "base"))
    let lossy = Note(title: "lossy", text: "a")
    try await first.save(lossy)
    let second = try await LocalRepository<Note>.open(directory: folder.url, filename: "q.json")
    let other = Note(title: "other writer", text: "b")
    try await second.save(other)
    #expect(await second.find(by: lossy.id) == lossy)
    let again = Note(title: "again", text: "c")
    try await first.save(again)
    #expect(await first.find(by: other.id) == other)
  }

  /// A lease lasts at most the longest hold: a writer that goes on saving ends it then, and
  /// stays off the lock for a moment, so another writer waiting for it gets a turn while the
  /// first is still saving, not only after a lease of an hour. The first stops by itself
  /// after 2,000 saves, so that a lock never given up fails the test instead of hanging it.
  @Test(.timeLimit(.minutes(1)))
  func aWriterThatGoesOnSavingGivesAnotherOneATurn() async throws {
    let folder = try TemporaryDirectory()
    var configuration = configuration(syncWithin: .seconds(3600))
    configuration.lossyLockLease = .seconds(3600)
    configuration.longestLockHold = .milliseconds(1)
    configuration.lockTimeout = .seconds(60)
    let busy = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    try await busy.save(contentsOf: sampleNotes(2, prefix: "base"))
    try await busy.save(Note(title: "starts the lease", text: "a"))
    let otherSaved = Guarded(false)
    let other = Task {
      // With the default lease: once its save is written, it lets go soon.
      let other = try await LocalRepository<Note>.open(directory: folder.url, filename: "q.json")
      try await other.save(Note(title: "other writer", text: "b"))
      otherSaved.withLock { $0 = true }
    }
    var saves = 0
    while !otherSaved.withLock({ $0 }) && saves < 2_000 {
      try await busy.save(Note(title: "busy \(saves)", text: "a"))
      saves += 1
    }
    #expect(saves < 2_000, "the other writer got the lock only once the busy one stopped")
    try await other.value
  }
}

// The system calls one save makes, counted through the file-system double, so that a change
// that adds one to every save is noticed.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct SaveSystemCallTests {
  /// A lone durable save on a store that already has its snapshot and journal: the lock (the
  /// lock file's `flock`, then the folder's shared `flock`, since the lock file bears its
  /// mark, read once when it was first locked, then one status of the lock file's path: still
  /// the file locked? which also shows the folder is there), one status of the snapshot's
  /// path, the kernel's name for the journal's descriptor (still the
  /// file at its path?) and a read of the two bytes around where the next record goes, to
  /// notice other writers; one `pwrite` into the space the journal reserved, one `fsync`
  /// through the journal's own descriptor, and the two unlocks: until the record is durable no
  /// other writer may append after it, so that a failed sync can still take it back. No
  /// status of the journal: that would make the `fsync` commit its times too (see
  /// ``Journal/changesSinceLastSeen()``).
  @Test func aLoneDurableSaveMakesTenSystemCalls() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    try await repository.save(contentsOf: sampleNotes(3, prefix: "base"))
    try await repository.save(Note(title: "creates the journal", text: "a"))
    fileSystem.fail(at: nil)

    try await repository.save(Note(title: "counted", text: "a"))

    #expect(
      fileSystem.calls == [
        "flock", "flock", "lstat", "lstat", "readlink", "pread", "pwrite", "fsync", "funlock",
        "funlock",
      ],
      "\(fileSystem.calls)")
  }

  /// With ``Durability/lossyOnPowerCut(syncWithin:)`` the save itself makes no `fsync`:
  /// the same calls as a durable save but the `fsync`, every one on the actor's own queue, none
  /// on the cooperative pool. The lock is kept for a lease after the save, which ends in a job
  /// of its own: with a lease of zero, the one before has ended when the counted save takes
  /// the lock, and its own may have ended (two unlocks) by the time the calls are read.
  @Test func aLossySaveMakesNineSystemCallsAllOnTheActorsQueue() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.durability = .lossyOnPowerCut(syncWithin: .seconds(3600))
    configuration.lossyLockLease = .zero
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    try await repository.save(contentsOf: sampleNotes(3, prefix: "base"))
    try await repository.save(Note(title: "creates the journal", text: "a"))
    fileSystem.fail(at: nil)

    try await repository.save(Note(title: "counted", text: "a"))

    let expected = ["flock", "flock", "lstat", "lstat", "readlink", "pread", "pwrite"]
    let calls = fileSystem.calls
    #expect(Array(calls.prefix(7)) == expected, "\(calls)")
    #expect(calls.dropFirst(7) == [] || calls.dropFirst(7) == ["funlock", "funlock"], "\(calls)")
    #expect(fileSystem.callsOffExecutor.isEmpty, "\(fileSystem.callsOffExecutor)")
  }

  /// A lossy save waits for another writer's lock on the actor's queue, and a later change of
  /// the same item waits behind it instead of overtaking it; the background sync runs there
  /// too. Nothing touches the files from the cooperative pool.
  @Test func aLossySaveWaitsForTheLockOnTheActorsQueueInOrder() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.durability = .lossyOnPowerCut(syncWithin: .milliseconds(1))
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    fileSystem.fail(at: nil)  // Counts from here: the first save's snapshot included.
    try await repository.save(contentsOf: sampleNotes(3, prefix: "base"))
    try await repository.save(Note(title: "creates the journal", text: "a"))
    #expect(fileSystem.calls.contains("rename"))

    let holder = open(folder.url.appending(path: "q.json.lock").path, O_RDWR | O_CLOEXEC)
    try #require(holder >= 0)
    defer { close(holder) }
    try #require(flock(holder, LOCK_EX) == 0)
    let flocksBefore = fileSystem.calls.filter { $0 == "flock" }.count
    let blocked = Note(title: "saved once the lock is free", text: "a")
    let saving = Task { try await repository.save(blocked) }
    while fileSystem.calls.filter({ $0 == "flock" }).count < flocksBefore + 1 {
      try await Task.sleep(for: .milliseconds(5))
    }
    var edited = blocked
    edited.text = "edited after"
    let editing = Task { try await repository.save(edited) }
    try await Task.sleep(for: .milliseconds(50))  // Lets the edit reach the actor's queue.
    flock(holder, LOCK_UN)
    try await saving.value
    try await editing.value
    // Counted before the save: its background sync may run as soon as it returns.
    let syncsBefore = fileSystem.calls.filter { $0 == "fsync" }.count
    try await repository.save(Note(title: "after", text: "a"))
    // Wait for the background sync of the journal.
    for _ in 0..<2_000 where fileSystem.calls.filter({ $0 == "fsync" }).count == syncsBefore {
      try await Task.sleep(for: .milliseconds(5))
    }

    #expect(fileSystem.calls.filter { $0 == "fsync" }.count > syncsBefore, "no background sync")
    #expect(fileSystem.callsOffExecutor.isEmpty, "\(fileSystem.callsOffExecutor)")
    #expect(await repository.find(by: blocked.id) == edited)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll().count == 6)
    #expect(await reopened.find(by: blocked.id) == edited)
  }
}

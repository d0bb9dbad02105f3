// Writers that share a store: ordering, the executor, the lock, and two instances on one file.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct WriterConcurrencyTests {
  /// The original pattern's `Task.detached` write could land an older snapshot after a newer one. Here
  /// every concurrent save only adds an item, so each snapshot renamed into place must be
  /// strictly larger than the one before it.
  @Test func concurrentRewritesLandOnDiskInOrder() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.strategy = .rewrite
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for note in sampleNotes(300) {
        group.addTask { try await repository.save(note) }
      }
      try await group.waitForAll()
    }
    let sizes = fileSystem.renamedSizes
    #expect(sizes.count == 300)
    #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 < $1 })
    let onDisk = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await onDisk.loadAll() == repository.loadAll())
  }

  /// With the journal, records land in the order the actor applied the changes: reading the
  /// files back gives the items in the order memory holds them, after group-committed saves.
  @Test func concurrentJournalRecordsLandInOrder() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    try await repository.save(Note(title: "first", text: "a"))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for note in sampleNotes(300) {
        group.addTask { try await repository.save(note) }
      }
      try await group.waitForAll()
    }
    let journal = try #require(journalRecords(at: folder.appending("q.json.journal")))
    #expect(journal.split(separator: UInt8(ascii: "\n")).count == 300)
    let onDisk = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await onDisk.loadAll() == repository.loadAll())
  }

  @Test func fileInputAndOutputRunOnTheRepositorysQueueNotTheCooperativePool() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    fileSystem.fail(at: nil)  // Forget the calls of `init`, which runs on the caller's thread.
    try await withThrowingTaskGroup(of: Void.self) { group in
      for note in sampleNotes(20) {
        group.addTask { try await repository.save(note) }
      }
      try await group.waitForAll()
    }
    #expect(fileSystem.calls.contains("fsync"))
    #expect(fileSystem.callsOffExecutor.isEmpty, "\(fileSystem.callsOffExecutor)")
  }

  @Test func twoInstancesOnOneFileInterleavingKeepEverySave() async throws {
    let folder = try TemporaryDirectory()
    let first = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let second = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let mine = sampleNotes(100, prefix: "first")
    let theirs = sampleNotes(100, prefix: "second")
    for (a, b) in zip(mine, theirs) {
      try await first.save(a)
      try await second.save(b)
    }
    let onDisk = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let stored = await onDisk.loadAll()
    #expect(stored.count == 200)
    #expect(Set(stored.map(\.id)) == Set((mine + theirs).map(\.id)))
    #expect(await second.loadAll() == stored)
  }

  @Test func twoInstancesSavingConcurrentlyKeepEverySave() async throws {
    let folder = try TemporaryDirectory()
    // Not a test of waiting: a turn may take long on a loaded machine under the sanitizer.
    var configuration = StoreConfiguration()
    configuration.lockTimeout = .seconds(120)
    let first = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    let second = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    let all = sampleNotes(200)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, note) in all.enumerated() {
        let repository = index.isMultiple(of: 2) ? first : second
        group.addTask { try await repository.save(note) }
      }
      try await group.waitForAll()
    }
    let onDisk = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(Set(await onDisk.loadAll().map(\.id)) == Set(all.map(\.id)))
  }

  @Test func aDeleteByOneInstanceIsNotUndoneByTheOther() async throws {
    let folder = try TemporaryDirectory()
    let first = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let notes = sampleNotes(3)
    try await first.save(contentsOf: notes)
    let second = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    try await second.delete(notes[0].id)
    let added = Note(title: "added by the first", text: "a")
    try await first.save(added)  // `first` still has notes[0] in memory.
    let onDisk = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await onDisk.loadAll() == [notes[1], notes[2], added])
  }

  /// `insert` checks under the lock after reading the other instance's records: an ID the
  /// other one took since this one loaded is refused, and its item is not replaced.
  @Test func anInsertSeesAnIDTheOtherInstanceTookAfterItLoaded() async throws {
    let folder = try TemporaryDirectory()
    let first = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let second = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let taken = Note(title: "taken by the first", text: "a")
    let insertedTaken = try await first.insert(taken)
    #expect(insertedTaken)
    var rival = taken
    rival.title = "claimed by the second"
    let insertedRival = try await second.insert(rival)
    #expect(!insertedRival)
    #expect(await second.find(by: taken.id) == taken)
    let onDisk = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await onDisk.loadAll() == [taken])
  }

  /// Two instances claim IDs counting up from the same number at once, as two writers that
  /// derive their IDs from one clock reading do: every claim lands, each under its own ID,
  /// and neither instance's item replaces the other's.
  @Test func twoInstancesClaimingTheSameIDsKeepEveryItem() async throws {
    let folder = try TemporaryDirectory()
    let first = 1_800_000_000_000  // Milliseconds since 1970, as such an ID would be.
    let repositories = try (0..<2).map { _ in
      try LocalRepository<Counter>(directory: folder.url, filename: "c.json")
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (instance, repository) in repositories.enumerated() {
        group.addTask {
          for _ in 0..<30 {
            var item = Counter(id: first, value: instance)
            while try await !repository.insert(item) { item.id += 1 }
          }
        }
      }
      try await group.waitForAll()
    }
    let onDisk = try LocalRepository<Counter>(directory: folder.url, filename: "c.json")
    let stored = await onDisk.loadAll()
    #expect(stored.count == 60)
    #expect(Set(stored.map(\.id)) == Set(first..<(first + 60)))
    #expect(stored.filter { $0.value == 0 }.count == 30, "an item of one instance was replaced")
  }

  @Test func aWriterThatCannotGetTheLockInTimeFailsAndChangesNothing() async throws {
    let folder = try TemporaryDirectory()
    var configuration = StoreConfiguration()
    configuration.lockTimeout = .milliseconds(200)
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    let existing = Note(title: "existing", text: "a")
    try await repository.save(existing)
    let before = try #require(bytes(of: folder.appending("q.json")))

    // Another holder of the lock, as another process would be.
    let holder = open(folder.appending("q.json.lock").path, O_RDWR | O_CLOEXEC)
    try #require(holder >= 0)
    defer { close(holder) }
    try #require(flock(holder, LOCK_EX) == 0)

    let error = try await #require(throws: PersistenceError.self) {
      try await repository.save(Note(title: "blocked", text: "a"))
    }
    guard case .lockTimeout(let url, let seconds) = error else {
      Issue.record("expected .lockTimeout, got \(error)")
      return
    }
    #expect(url.lastPathComponent == "q.json")
    #expect(seconds == 0.2)
    #expect(await repository.loadAll() == [existing])
    #expect(bytes(of: folder.appending("q.json")) == before)

    flock(holder, LOCK_UN)
    try await repository.save(Note(title: "after", text: "a"))
    #expect(await repository.loadAll().count == 2)
  }
}

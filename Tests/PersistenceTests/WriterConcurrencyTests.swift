// Writers that share a store: ordering, the executor, the lock, and two instances on one file.

import Foundation
import Models
import TestSupport
import Testing

@testable import Persistence

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
    let repository = try LocalRepository<Question>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for question in sampleQuestions(300) {
        group.addTask { try await repository.save(question) }
      }
      try await group.waitForAll()
    }
    let sizes = fileSystem.renamedSizes
    #expect(sizes.count == 300)
    #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 < $1 })
    let onDisk = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    #expect(await onDisk.loadAll() == repository.loadAll())
  }

  /// With the journal, records land in the order the actor applied the changes: reading the
  /// files back gives the items in the order memory holds them, after group-committed saves.
  @Test func concurrentJournalRecordsLandInOrder() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    try await repository.save(Question(prompt: "first", answer: "a"))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for question in sampleQuestions(300) {
        group.addTask { try await repository.save(question) }
      }
      try await group.waitForAll()
    }
    let journal = try #require(bytes(of: folder.appending("q.json.journal")))
    #expect(journal.split(separator: UInt8(ascii: "\n")).count == 300)
    let onDisk = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    #expect(await onDisk.loadAll() == repository.loadAll())
  }

  @Test func fileInputAndOutputRunOnTheRepositorysQueueNotTheCooperativePool() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Question>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    fileSystem.fail(at: nil)  // Forget the calls of `init`, which runs on the caller's thread.
    try await withThrowingTaskGroup(of: Void.self) { group in
      for question in sampleQuestions(20) {
        group.addTask { try await repository.save(question) }
      }
      try await group.waitForAll()
    }
    #expect(fileSystem.calls.contains("fsync"))
    #expect(fileSystem.callsOffExecutor.isEmpty, "\(fileSystem.callsOffExecutor)")
  }

  @Test func twoInstancesOnOneFileInterleavingKeepEverySave() async throws {
    let folder = try TemporaryDirectory()
    let first = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    let second = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    let mine = sampleQuestions(100, prefix: "first")
    let theirs = sampleQuestions(100, prefix: "second")
    for (a, b) in zip(mine, theirs) {
      try await first.save(a)
      try await second.save(b)
    }
    let onDisk = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    let stored = await onDisk.loadAll()
    #expect(stored.count == 200)
    #expect(Set(stored.map(\.id)) == Set((mine + theirs).map(\.id)))
    #expect(await second.loadAll() == stored)
  }

  @Test func twoInstancesSavingConcurrentlyKeepEverySave() async throws {
    let folder = try TemporaryDirectory()
    let first = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    let second = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    let all = sampleQuestions(200)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, question) in all.enumerated() {
        let repository = index.isMultiple(of: 2) ? first : second
        group.addTask { try await repository.save(question) }
      }
      try await group.waitForAll()
    }
    let onDisk = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    #expect(Set(await onDisk.loadAll().map(\.id)) == Set(all.map(\.id)))
  }

  @Test func aDeleteByOneInstanceIsNotUndoneByTheOther() async throws {
    let folder = try TemporaryDirectory()
    let first = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    let questions = sampleQuestions(3)
    try await first.save(contentsOf: questions)
    let second = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    try await second.delete(questions[0].id)
    let added = Question(prompt: "added by the first", answer: "a")
    try await first.save(added)  // `first` still has questions[0] in memory.
    let onDisk = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    #expect(await onDisk.loadAll() == [questions[1], questions[2], added])
  }

  /// `insert` checks under the lock after reading the other instance's records: an ID the
  /// other one took since this one loaded is refused, and its item is not replaced.
  @Test func anInsertSeesAnIDTheOtherInstanceTookAfterItLoaded() async throws {
    let folder = try TemporaryDirectory()
    let first = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    let second = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    let taken = Question(prompt: "taken by the first", answer: "a")
    let insertedTaken = try await first.insert(taken)
    #expect(insertedTaken)
    var rival = taken
    rival.prompt = "claimed by the second"
    let insertedRival = try await second.insert(rival)
    #expect(!insertedRival)
    #expect(await second.find(by: taken.id) == taken)
    let onDisk = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    #expect(await onDisk.loadAll() == [taken])
  }

  /// Two instances claim IDs from the same clock reading at once, as two quizzes finishing
  /// in the same millisecond do: every claim lands, each under its own ID.
  @Test func twoInstancesClaimingTheSameIDsKeepEveryItem() async throws {
    let folder = try TemporaryDirectory()
    let finish = Date(timeIntervalSince1970: 1_800_000_000)
    let repositories = try (0..<2).map { _ in
      try LocalRepository<StudySession>(directory: folder.url, filename: "s.json")
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for repository in repositories {
        group.addTask {
          for _ in 0..<30 {
            var session = StudySession(startedAt: finish, finishedAt: finish)
            while try await !repository.insert(session) { session.id += 1 }
          }
        }
      }
      try await group.waitForAll()
    }
    let onDisk = try LocalRepository<StudySession>(directory: folder.url, filename: "s.json")
    let ids = await onDisk.loadAll().map(\.id)
    #expect(ids.count == 60)
    #expect(Set(ids) == Set((0..<60).map { StudySession.identifier(finishedAt: finish) + $0 }))
  }

  @Test func aWriterThatCannotGetTheLockInTimeFailsAndChangesNothing() async throws {
    let folder = try TemporaryDirectory()
    var configuration = StoreConfiguration()
    configuration.lockTimeout = .milliseconds(200)
    let repository = try LocalRepository<Question>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    let existing = Question(prompt: "existing", answer: "a")
    try await repository.save(existing)
    let before = try #require(bytes(of: folder.appending("q.json")))

    // Another holder of the lock, as another process would be.
    let holder = open(folder.appending("q.json.lock").path, O_RDWR | O_CLOEXEC)
    try #require(holder >= 0)
    defer { close(holder) }
    try #require(flock(holder, LOCK_EX) == 0)

    let error = try await #require(throws: PersistenceError.self) {
      try await repository.save(Question(prompt: "blocked", answer: "a"))
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
    try await repository.save(Question(prompt: "after", answer: "a"))
    #expect(await repository.loadAll().count == 2)
  }
}

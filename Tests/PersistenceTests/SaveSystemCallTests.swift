// The system calls one save makes, counted through the file-system double, so that a change
// that adds one to every save is noticed.

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

@Suite struct SaveSystemCallTests {
  /// A lone durable save on a store that already has its snapshot and journal: one check that
  /// the folder is there, the lock, one status of the lock file's path (still the file locked?)
  /// and of each file to notice other writers, one
  /// `write`, the unlock, and one `fsync` through the journal's own descriptor, with no
  /// duplicate descriptor to open and close.
  @Test func aLoneDurableSaveMakesEightSystemCalls() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Question>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    try await repository.save(contentsOf: sampleQuestions(3, prefix: "base"))
    try await repository.save(Question(prompt: "creates the journal", answer: "a"))
    fileSystem.fail(at: nil)

    try await repository.save(Question(prompt: "counted", answer: "a"))

    #expect(
      fileSystem.calls == [
        "lstat", "flock", "lstat", "lstat", "lstat", "write", "funlock", "fsync",
      ],
      "\(fileSystem.calls)")
  }

  /// With ``Durability/lossyOnPowerCut(syncWithin:)`` the save itself makes no `fsync`, and
  /// when the lock is free it appends on the caller's thread: one non-blocking `flock`, one
  /// status of the lock file's path and of each file, one `write`, the unlock, and no thread switch (the folder is known
  /// to be there: the lock file is open in it).
  @Test func aLossySaveMakesSixSystemCallsOnTheCallersThread() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.durability = .lossyOnPowerCut(syncWithin: .seconds(3600))
    let repository = try LocalRepository<Question>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    try await repository.save(contentsOf: sampleQuestions(3, prefix: "base"))
    try await repository.save(Question(prompt: "creates the journal", answer: "a"))
    fileSystem.fail(at: nil)

    try await repository.save(Question(prompt: "counted", answer: "a"))

    let expected = ["flock", "lstat", "lstat", "lstat", "write", "funlock"]
    #expect(fileSystem.calls == expected, "\(fileSystem.calls)")
    #expect(fileSystem.callsOffExecutor == expected, "\(fileSystem.callsOffExecutor)")
  }

  /// Whatever can wait stays off the caller's thread even when lossy: the first save's
  /// snapshot (`fsync`, `rename`), the background sync, and a `flock` held by another writer,
  /// which the caller tries once and leaves to the queue.
  @Test func aLossySaveLeavesEveryWaitToTheQueue() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.durability = .lossyOnPowerCut(syncWithin: .milliseconds(1))
    let repository = try LocalRepository<Question>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    fileSystem.fail(at: nil)  // Counts from here: the first save's snapshot included.
    try await repository.save(contentsOf: sampleQuestions(3, prefix: "base"))
    try await repository.save(Question(prompt: "creates the journal", answer: "a"))
    #expect(fileSystem.calls.contains("rename"))

    let holder = open(folder.url.appending(path: "q.json.lock").path, O_RDWR | O_CLOEXEC)
    try #require(holder >= 0)
    defer { close(holder) }
    try #require(flock(holder, LOCK_EX) == 0)
    let flocksBefore = fileSystem.calls.filter { $0 == "flock" }.count
    let blocked = Question(prompt: "saved once the lock is free", answer: "a")
    let saving = Task { try await repository.save(blocked) }
    // The caller's one try, then the queue's first.
    while fileSystem.calls.filter({ $0 == "flock" }).count < flocksBefore + 2 {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(await repository.find(by: blocked.id) == nil)
    // A later change of the same item queues behind the blocked one instead of overtaking it.
    var edited = blocked
    edited.answer = "edited after"
    let editing = Task { try await repository.save(edited) }
    try await Task.sleep(for: .milliseconds(50))  // Lets the edit reach the actor first.
    flock(holder, LOCK_UN)
    try await saving.value
    try await editing.value
    try await repository.save(Question(prompt: "after", answer: "a"))
    // Wait for the background sync of the journal.
    let syncsBefore = fileSystem.calls.filter { $0 == "fsync" }.count
    while fileSystem.calls.filter({ $0 == "fsync" }).count == syncsBefore {
      try await Task.sleep(for: .milliseconds(5))
    }

    let offQueue = fileSystem.callsOffExecutor
    // The blocked save's one try, and the last save's if no background sync held the files.
    #expect((1...2).contains(offQueue.filter { $0 == "flock" }.count), "\(offQueue)")
    #expect(!offQueue.contains("fsync") && !offQueue.contains("rename"), "\(offQueue)")
    #expect(fileSystem.calls.contains("write"))
    #expect(await repository.find(by: blocked.id) == edited)
    let reopened = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll().count == 6)
    #expect(await reopened.find(by: blocked.id) == edited)
  }
}

// Changes appended while a sync waits to run share that one fsync, each still its own record.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct GroupedCommitTests {
  /// 200 concurrent saves share syncs and holds of the lock: fewer `fsync`s and `flock`s than
  /// saves, yet each save is its own record, and all of them land. Once the burst is over
  /// the lock is let go, so another process can take it.
  @Test func concurrentSavesShareSyncsAndLockHoldsButKeepOneRecordEach() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    try await repository.save(contentsOf: sampleNotes(3, prefix: "base"))
    try await repository.save(Note(title: "creates the journal", text: "a"))
    fileSystem.fail(at: nil)
    let notes = sampleNotes(200, prefix: "concurrent")

    try await withThrowingTaskGroup(of: Void.self) { group in
      for note in notes { group.addTask { try await repository.save(note) } }
      try await group.waitForAll()
    }

    let calls = fileSystem.calls
    #expect(calls.filter { $0 == "pwrite" }.count == 200, "one record per save")
    #expect(calls.filter { $0 == "flock" }.count < 100, "\(calls.filter { $0 == "flock" }.count)")
    let syncs = calls.filter { $0 == "fsync" }.count
    #expect(syncs < 100, "\(syncs) fsyncs for 200 concurrent saves")
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(Set(await reopened.loadAll().map(\.id)).isSuperset(of: notes.map(\.id)))
    #expect(await Self.lockIsFree(folder.appending("q.json.lock").path))
  }

  /// Whether another process could take the store's lock within a second.
  static func lockIsFree(_ path: String) async -> Bool {
    let descriptor = open(path, O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    for _ in 0..<1_000 {
      if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
        flock(descriptor, LOCK_UN)
        return true
      }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return false
  }

  /// One change of a group whose write fails fails alone: the others of the same hold are
  /// stored, and memory and disk agree.
  @Test func aWriteThatFailsInsideAGroupFailsOnlyItsOwnChange() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    try await repository.save(contentsOf: sampleNotes(3, prefix: "base"))
    try await repository.save(Note(title: "creates the journal", text: "a"))
    fileSystem.fail("pwrite", onPathEndingIn: "q.json.journal", code: EIO, times: 1)
    let notes = sampleNotes(50, prefix: "grouped")

    let failures = try await withThrowingTaskGroup(of: Bool.self) { group in
      for note in notes {
        group.addTask {
          do {
            try await repository.save(note)
            return false
          } catch PersistenceError.writeFailed {
            return true
          }
        }
      }
      return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }

    #expect(failures == 1)
    let inMemory = await repository.loadAll()
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == inMemory)
    #expect(inMemory.count == 4 + 49)
  }

  /// Conditions inside one hold see the changes before them: of 20 concurrent inserts of one
  /// ID, exactly one wins.
  @Test func insertsOfOneIDInsideAGroupLetExactlyOneWin() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    try await repository.save(Note(title: "creates the store", text: "a"))
    try await repository.save(Note(title: "creates the journal", text: "a"))
    let id = UUID()

    let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
      for attempt in 0..<20 {
        let note = Note(id: id, title: "attempt \(attempt)", text: "a")
        group.addTask { try await repository.insert(note) }
      }
      return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }

    #expect(wins == 1)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.find(by: id) == (await repository.find(by: id)))
  }
}

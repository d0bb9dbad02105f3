// A lock or status that cannot be taken is reported as what it is, not as a failed write.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct LockAndStatusFailureTests {
  /// A store with one note on disk, so that its lock file exists.
  private func makeStore(in folder: TemporaryDirectory) async throws -> [Note] {
    let notes = [Note(title: "stored", text: "a")]
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    try await repository.save(contentsOf: notes)
    return notes
  }

  @Test func aLockThatCannotBeTakenWhileOpeningIsALockFailure() async throws {
    let folder = try TemporaryDirectory()
    _ = try await makeStore(in: folder)
    let fileSystem = FailingFileSystem()
    fileSystem.fail("flock", onPathEndingIn: "q.json.lock", code: ENOLCK)
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Note>(
        directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    }
    guard case .lockFailed(let url, let reason) = error else {
      Issue.record("expected .lockFailed, got \(error)")
      return
    }
    #expect(url.lastPathComponent == "q.json.lock")
    #expect(reason.contains("flock"), "\(reason)")
    #expect(error.description.contains("could not be opened or locked"), "\(error)")
    #expect(error.description.contains("Nothing was read or changed"), "\(error)")
    #expect(!error.description.contains("Saving"), "\(error)")
  }

  @Test func aLockFileThatCannotBeOpenedForASaveIsALockFailure() async throws {
    let folder = try TemporaryDirectory()
    let existing = try await makeStore(in: folder)
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    fileSystem.fail("open", onPathEndingIn: "q.json.lock", code: EACCES)
    let error = try await #require(throws: PersistenceError.self) {
      try await repository.save(Note(title: "refused", text: "a"))
    }
    guard case .lockFailed(let url, let reason) = error else {
      Issue.record("expected .lockFailed, got \(error)")
      return
    }
    #expect(url.lastPathComponent == "q.json.lock")
    #expect(reason.contains("Permission denied"), "\(reason)")
    #expect(await repository.loadAll() == existing)
    fileSystem.fail(at: nil)
    try await repository.save(Note(title: "after", text: "a"))
    #expect(await repository.loadAll().count == 2)
  }

  /// Before a change, the repository checks whether another writer replaced the snapshot
  /// or appended to the journal; a status it cannot read is a read failure.
  @Test(arguments: ["q.json", "q.json.journal"])
  func aStatusThatCannotBeReadBeforeASaveIsUnreadable(file: String) async throws {
    let folder = try TemporaryDirectory()
    let existing = try await makeStore(in: folder)
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    fileSystem.fail("lstat", onPathEndingIn: "/" + file)
    let error = try await #require(throws: PersistenceError.self) {
      try await repository.save(Note(title: "refused", text: "a"))
    }
    guard case .unreadable(let url, let reason) = error else {
      Issue.record("expected .unreadable, got \(error)")
      return
    }
    #expect(url.lastPathComponent == file)
    #expect(reason.contains("lstat"), "\(reason)")
    #expect(await repository.loadAll() == existing)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == existing)
  }
}

// A journal deleted, replaced or cut short under a running writer is noticed before a save.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A save asks for the journal's status only when its open descriptor no longer names the
/// file at the path, or the bytes around its end changed (see
/// ``Journal/changesSinceLastSeen()``). Each test changes the file behind a writer's back
/// in one of those ways and checks that the next save lands in the file at the path.
@Suite struct JournalIdentityTests {
  /// A store whose journal is open for writing, with `count` saves in it, and those notes.
  private func writer(
    in folder: TemporaryDirectory, fileSystem: any FileSystem = SystemFileSystem(), count: Int = 3
  ) async throws -> (LocalRepository<Note>, [Note]) {
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    let base = sampleNotes(2, prefix: "base")
    try await repository.save(contentsOf: base)
    var saved = base
    for index in 0..<count {
      saved.append(Note(title: "saved \(index)", text: "a"))
      try await repository.save(saved[saved.count - 1])
    }
    try await repository.synchronize()  // As an app does when it stops writing for now.
    return (repository, saved)
  }

  @Test func aSaveAfterTheJournalWasDeletedGoesToANewJournal() async throws {
    let folder = try TemporaryDirectory()
    let (repository, saved) = try await writer(in: folder)
    try FileManager.default.removeItem(at: journalURL(in: folder))

    let after = Note(title: "after the delete", text: "a")
    try await repository.save(after)

    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == Array(saved.prefix(2)) + [after])
  }

  /// An older copy of the journal put back under a writer, after a save it no longer holds
  /// was acknowledged: the next save reads the new file first, finds the synced mark saying
  /// more was durable, and refuses, naming the journal; nothing is written.
  @Test func aSaveAfterTheJournalWasReplacedByAnOlderCopyIsRefused() async throws {
    let folder = try TemporaryDirectory()
    let (repository, _) = try await writer(in: folder)
    let copy = folder.appending("copy")
    try FileManager.default.copyItem(at: journalURL(in: folder), to: copy)
    try await repository.save(Note(title: "only in the replaced file", text: "a"))
    try await repository.synchronize()
    #expect(rename(copy.path, journalURL(in: folder).path) == 0)
    let before = bytes(of: journalURL(in: folder))

    let error = try await #require(throws: PersistenceError.self) {
      try await repository.save(Note(title: "after the replacement", text: "a"))
    }
    guard case .corrupt(let url, let reason) = error else {
      Issue.record("expected .corrupt, got \(error)")
      return
    }
    #expect(url.lastPathComponent == "q.json.journal")
    #expect(reason.contains("older copy"), "\(reason)")
    #expect(bytes(of: journalURL(in: folder)) == before)
  }

  @Test func aSaveAfterTheJournalWasCutShortReadsItAgain() async throws {
    let folder = try TemporaryDirectory()
    let (repository, saved) = try await writer(in: folder)
    let records = try #require(journalRecords(in: folder))
    let firstRecord = try #require(records.firstIndex(of: UInt8(ascii: "\n"))) + 1
    // As another writer leaves it that took back its own records after its sync failed.
    try markSynced(upTo: Int64(firstRecord), in: folder)
    #expect(truncate(journalURL(in: folder).path, off_t(firstRecord)) == 0)

    let after = Note(title: "after the cut", text: "a")
    try await repository.save(after)

    #expect(await repository.loadAll() == Array(saved.prefix(3)) + [after])
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == Array(saved.prefix(3)) + [after])
    #expect(reopened.warnings.isEmpty)
  }

  /// Where the kernel cannot name a descriptor (no `/proc`), every save checks the journal's
  /// status, as it would after any change.
  @Test func withoutANameForTheDescriptorEverySaveChecksTheJournalsStatus() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let (repository, saved) = try await writer(in: folder, fileSystem: fileSystem)
    fileSystem.fail("readlink", onPathEndingIn: "", code: ENOENT)
    try FileManager.default.removeItem(at: journalURL(in: folder))

    let after = Note(title: "after the delete", text: "a")
    try await repository.save(after)

    #expect(fileSystem.calls.prefix(5) == ["flock", "flock", "lstat", "lstat", "readlink"])
    #expect(fileSystem.calls.dropFirst(5).first == "lstat", "\(fileSystem.calls)")
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == Array(saved.prefix(2)) + [after])
  }
}

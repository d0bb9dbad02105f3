// Temporary files of a killed writer are removed on open; nothing else in the folder is.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct LeftoverCleanupTests {
  /// Every kind of temporary file a store writes: its snapshot's, its journal's when a
  /// compaction shortens it, and those of the copies it keeps beside the journal.
  private let ours = [
    ".q.json.tmp-0123456789abcdef", ".q.json.tmp-ffffffffffffffff",
    ".q.json.journal.tmp-0123456789abcdef",
    ".q.json.journal.torn-20261126T101010Z.tmp-0123456789abcdef",
    ".q.json.journal.unapplied-20261126T101010Z-2.tmp-0123456789abcdef",
  ]
  private let notOurs = [
    ".q.json.tmp-0123", ".q.json.tmp-0123456789abcdeg", ".other.json.tmp-0123456789abcdef",
    "q.json.tmp-0123456789abcdef", "notes.txt", ".q.json.tmp-0123456789ABCDEF",
    ".q.json2.tmp-0123456789abcdef", ".q.json.journal2.tmp-0123456789abcdef",
    ".q.json.lock.tmp-0123456789abcdef",
  ]

  @Test func openingRemovesOnlyThisStoresTemporaryFiles() throws {
    let folder = try TemporaryDirectory()
    // The lock file a killed writer created before its first write.
    try Data().write(to: folder.appending("q.json.lock"))
    for name in ours + notOurs { try Data("x".utf8).write(to: folder.appending(name)) }
    _ = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path))
    #expect(left == Set(notOurs + ["q.json.lock"]))
  }

  @Test func leftoversAreKeptWhileAnotherProcessHoldsTheLock() throws {
    let folder = try TemporaryDirectory()
    for name in ours { try Data("x".utf8).write(to: folder.appending(name)) }
    let holder = open(folder.appending("q.json.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    try #require(holder >= 0)
    defer { close(holder) }
    // A shared holder, such as another process opening the store: while anyone holds the
    // lock, a temporary file may be a write about to happen, so it is not pulled away.
    try #require(flock(holder, LOCK_SH) == 0)
    _ = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path))
    #expect(left == Set(ours + ["q.json.lock"]))
  }

  /// A writer killed while a compaction shortened the journal leaves the journal's temporary
  /// file: the next open removes it, by the same rule as the snapshot's.
  @Test func aJournalTemporaryLeftByAKilledCompactionIsRemoved() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    try await repository.save(contentsOf: sampleNotes(2))
    let leftover = folder.appending(TemporaryFileName.make(for: "q.json.journal"))
    try Data("1 2 3 {}\n".utf8).write(to: leftover)
    _ = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(!FileManager.default.fileExists(atPath: leftover.path))
  }

  @Test func generatedNamesAreRecognisedAndOthersAreNot() {
    let targets = [
      "/x/q.json", "/x/q.json.journal", "/x/q.json.journal.torn-20261126T101010Z",
      "/x/q.json.corrupt-20261126T101010Z", "/x/q.json.journal.corrupt-20261126T101010Z",
    ]
    for target in targets {
      for _ in 0..<100 {
        #expect(
          TemporaryFileName.isTemporary(TemporaryFileName.make(for: target), for: "q.json"))
      }
    }
    for name in ours { #expect(TemporaryFileName.isTemporary(name, for: "q.json")) }
    for name in notOurs { #expect(!TemporaryFileName.isTemporary(name, for: "q.json")) }
  }
}

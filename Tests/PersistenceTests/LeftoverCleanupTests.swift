// Temporary files of a killed writer are removed on open; nothing else in the folder is.

import Foundation
import TestSupport
import Testing

@testable import Persistence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct LeftoverCleanupTests {
  private let ours = [".q.json.tmp-0123456789abcdef", ".q.json.tmp-ffffffffffffffff"]
  private let notOurs = [
    ".q.json.tmp-0123", ".q.json.tmp-0123456789abcdeg", ".other.json.tmp-0123456789abcdef",
    "q.json.tmp-0123456789abcdef", "notes.txt", ".q.json.tmp-0123456789ABCDEF",
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

  @Test func generatedNamesAreRecognisedAndOthersAreNot() {
    for _ in 0..<100 {
      #expect(
        TemporaryFileName.isTemporary(TemporaryFileName.make(for: "/x/q.json"), for: "q.json"))
    }
    for name in notOurs { #expect(!TemporaryFileName.isTemporary(name, for: "q.json")) }
  }
}

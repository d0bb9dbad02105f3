// A follower whose catch-up fails tries again, so it never stays stale in silence.

import Foundation
import TestSupport
import Testing

@testable import Persistence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite(.timeLimit(.minutes(1))) struct FailedCatchUpTests {
  /// The watcher's catch-ups fail three times (as they do when the process has no descriptor
  /// left); a change another repository saved meanwhile still reaches its subscriber.
  @Test func aCatchUpThatFailsIsTriedAgainUntilTheChangeArrives() async throws {
    let folder = try TemporaryDirectory()
    let writer = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    try await writer.save(Note(title: "before", text: "a"))
    let fileSystem = FailingFileSystem()
    let watcher = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    var changes = await watcher.changes().makeAsyncIterator()
    fileSystem.fail("flock", onPathEndingIn: "q.json.lock", code: EMFILE, times: 3)

    let note = Note(title: "saved while the watcher cannot read", text: "a")
    try await writer.save(note)
    let change = await changes.next()

    #expect(change != nil)
    #expect(await watcher.find(by: note.id) == note)
    #expect(fileSystem.calls.filter { $0 == "flock" }.count >= 4, "\(fileSystem.calls)")
  }
}

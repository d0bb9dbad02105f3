// A follower whose catch-up fails tries again, so it never stays stale in silence.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite(.timeLimit(.minutes(1))) struct FailedCatchUpTests {
  /// The watcher's catch-ups fail three times (as they do when the process has no descriptor
  /// left): its subscriber is told once, with the reason, and a change another repository
  /// saved meanwhile still arrives, in a change that says the files are read again.
  @Test func aCatchUpThatFailsIsReportedAndTriedAgainUntilTheChangeArrives() async throws {
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
    let failed = try #require(await changes.next())
    let failure = try #require(failed.failure)
    #expect(failure.description.contains("q.json.lock"), "\(failure)")
    var later = try #require(await changes.next())
    while later.failure != nil { later = try #require(await changes.next()) }

    #expect(await watcher.find(by: note.id) == note)
    #expect(fileSystem.calls.filter { $0 == "flock" }.count >= 4, "\(fileSystem.calls)")
  }

  /// The catch-up that starts following fails: it is tried again at once, without waiting
  /// for the files to change, so what was saved before the subscription still arrives.
  @Test func aFirstCatchUpThatFailsIsTriedAgainWithoutANotification() async throws {
    let folder = try TemporaryDirectory()
    let writer = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let fileSystem = FailingFileSystem()
    let watcher = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    let note = Note(title: "saved before anyone follows", text: "a")
    try await writer.save(note)
    fileSystem.fail("flock", onPathEndingIn: "q.json.lock", code: EMFILE, times: 2)

    var changes = await watcher.changes().makeAsyncIterator()
    #expect(await watcher.find(by: note.id) == nil)
    var change = try #require(await changes.next())
    #expect(change.failure != nil)
    while change.failure != nil { change = try #require(await changes.next()) }
    #expect(await watcher.find(by: note.id) == note)
  }

  /// A failure that ends with nothing new to read still ends with a change without a
  /// failure, so that a screen showing the failure can clear it.
  @Test func theEndOfAFailureIsToldEvenWhenNothingChanged() async throws {
    let folder = try TemporaryDirectory()
    try await LocalRepository<Note>(directory: folder.url, filename: "q.json").save(
      Note(title: "before", text: "a"))
    let fileSystem = FailingFileSystem()
    let watcher = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    fileSystem.fail("flock", onPathEndingIn: "q.json.lock", code: EMFILE, times: 2)

    var changes = await watcher.changes().makeAsyncIterator()
    #expect(try #require(await changes.next()).failure != nil)
    #expect(try #require(await changes.next()) == .anything)
  }

  /// The follower's folder is replaced by a file: every catch-up fails, and the subscriber
  /// hears it once, with the path and the reason, not every 200 ms. Once a store is back at
  /// the path, a change without a failure brings its items.
  @Test func aFollowerWhoseFolderBecameAFileSaysSoUntilItIsAFolderAgain() async throws {
    let parent = try TemporaryDirectory()
    let folder = parent.appending("data")
    let writer = try LocalRepository<Note>(directory: folder, filename: "q.json")
    try await writer.save(Note(title: "before", text: "a"))
    let follower = try LocalRepository<Note>(directory: folder, filename: "q.json")
    var changes = await follower.changes().makeAsyncIterator()

    try FileManager.default.removeItem(at: folder)
    try Data("not a folder".utf8).write(to: folder)
    var change = try #require(await changes.next())
    while change.failure == nil { change = try #require(await changes.next()) }
    let failure = try #require(change.failure)
    #expect(failure.description.contains(folder.path), "\(failure)")
    #expect(failure.description.contains("Not a directory"), "\(failure)")

    try FileManager.default.removeItem(at: folder)
    let note = Note(title: "after", text: "b")
    try await LocalRepository<Note>(directory: folder, filename: "q.json").save(note)
    change = try #require(await changes.next())
    #expect(change.failure == nil, "reported twice: \(String(describing: change.failure))")
    while await follower.find(by: note.id) == nil { change = try #require(await changes.next()) }
    #expect(change.failure == nil)
    #expect(await follower.loadAll() == [note])
    withExtendedLifetime(parent) {}
  }
}

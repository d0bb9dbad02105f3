// A save whose task is cancelled still saves, and waits for another writer's turn by
// sleeping, not by spinning.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct CancelledSaveTests {
  /// Another holder says it waits for the lock (and never takes it), so the save stays off
  /// the lock for ``StoreEngine/othersTurn``, asking every 200 µs whether the holder
  /// still waits. `Task.sleep` returns at once in a cancelled task: a wait built on it
  /// would ask thousands of times, re-enqueuing the save on the actor each time. A wait
  /// that sleeps asks at most once per 200 µs it took, however slow the machine.
  @Test func aCancelledSaveWaitsForAnotherWritersTurnWithoutSpinning() async throws {
    try #require(WaitingHolders.canBeSeen, "only Linux lets a waiting holder be seen")
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "n.json", fileSystem: fileSystem)
    try await repository.save(Note(title: "first", text: "creates the lock file"))
    let waiter = open(folder.appending("n.json.lock").path, O_RDONLY | O_CLOEXEC)
    try #require(waiter >= 0)
    defer { close(waiter) }
    try #require(WaitingHolders.announce(on: waiter))
    let asked = fileSystem.waitingHolderQueries

    let note = Note(title: "cancelled", text: "saved all the same")
    let start = ContinuousClock.now
    try await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await repository.save(note)
    }.value
    let took = start.duration(to: .now)

    #expect(await repository.find(by: note.id) == note)
    let asks = fileSystem.waitingHolderQueries - asked
    #expect(took >= StoreEngine.othersTurn, "the waiter was given its turn")
    #expect(
      asks <= Int(took / .microseconds(200)) + 2,
      "asked \(asks) times in \(took)")
  }
}

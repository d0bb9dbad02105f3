// Checks exercise 7: the list shows a note another writer saved, without being told to reload.

import Persistence
import Testing

@testable import Exercise07

@MainActor @Suite struct NoteListModelTests {
  /// Waits until `condition` holds, for at most two seconds.
  func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(2)
    while !condition(), ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
  }

  @Test func showsTheStoresNotes() async throws {
    let first = Note(text: "Buy milk")
    let model = NoteListModel(repository: InMemoryRepository([first]))
    let following = Task { await model.followChanges() }
    defer { following.cancel() }
    #expect(await eventually { model.notes == [first] })
  }

  @Test func showsANoteAnotherWriterSaved() async throws {
    let first = Note(text: "Buy milk")
    let repository = InMemoryRepository([first])
    let model = NoteListModel(repository: repository)
    let following = Task { await model.followChanges() }
    defer { following.cancel() }
    try #require(await eventually { model.notes == [first] })
    let second = Note(text: "Call the bank")
    try await repository.save(second)  // Another screen, or another process, saves.
    #expect(
      await eventually { model.notes.contains(second) },
      "the list still shows \(model.notes.count) note(s) after another writer saved a second")
  }

  @Test func stopsWhenItsTaskIsCancelled() async throws {
    let model = NoteListModel(repository: InMemoryRepository<Note>())
    let following = Task { await model.followChanges() }
    following.cancel()
    await following.value  // Returns: a cancelled follower does not run forever.
  }
}

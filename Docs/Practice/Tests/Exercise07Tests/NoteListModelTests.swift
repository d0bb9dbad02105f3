// Checks exercise 7: the list shows the store's notes, and then every note another writer
// saves, from the moment it starts following.

import ExerciseSupport
import Foundation
import LocalStore
import Testing

@testable import Exercise07

/// Notes in memory, where another writer saves a note right after the first `loadAll()` has
/// read the notes: the moment a list that loads before it subscribes misses.
///
/// It runs on the executor of the repository it wraps, so that it can hand out that
/// repository's `changes()` from its own synchronous `changes()`.
actor SaveRightAfterFirstLoad: Repository {
  private let notes: InMemoryRepository<Note>
  private let lateNote: Note
  private var loads = 0

  nonisolated var unownedExecutor: UnownedSerialExecutor { notes.unownedExecutor }

  init(_ notes: [Note], thenSave lateNote: Note) {
    self.notes = InMemoryRepository(notes)
    self.lateNote = lateNote
  }

  func loadAll() async -> [Note] {
    let all = await notes.loadAll()
    loads += 1
    if loads == 1 { try? await notes.save(lateNote) }  // Another writer, just after the read.
    return all
  }

  func changes() -> RepositoryChanges<Note.ID> { notes.assumeIsolated { $0.changes() } }
  func save(_ item: Note) async throws { try await notes.save(item) }
  func save<Items: Sequence & Sendable>(contentsOf items: Items) async throws
  where Items.Element == Note {
    try await notes.save(contentsOf: items)
  }
  func insert(_ item: Note) async throws -> Bool { try await notes.insert(item) }
  func save(_ item: Note, if condition: @Sendable (Note?) -> Bool) async throws -> Bool {
    try await notes.save(item, if: condition)
  }
  func delete(_ id: Note.ID) async throws { try await notes.delete(id) }
  func delete<IDs: Sequence & Sendable>(ids: IDs) async throws where IDs.Element == Note.ID {
    try await notes.delete(ids: ids)
  }
  func find(by id: Note.ID) async -> Note? { await notes.find(by: id) }
  func synchronize() async throws {}
}

/// Notes in memory whose first reload after the first load is slow: it reads the notes, then
/// is held until the next reload has returned (or two seconds pass), the way a reload that
/// waited for a busy disk lands after a later, quicker one. A list that reloads one change at
/// a time never has two reloads in flight, and pays the two seconds once.
actor SlowFirstReload: Repository {
  private let notes: InMemoryRepository<Note>
  /// How many loads have started.
  private(set) var loads = 0
  private var laterReloadReturned = false
  /// Whether the slow reload has returned.
  private(set) var slowReloadReturned = false

  nonisolated var unownedExecutor: UnownedSerialExecutor { notes.unownedExecutor }

  init(_ notes: [Note]) {
    self.notes = InMemoryRepository(notes)
  }

  func loadAll() async -> [Note] {
    loads += 1
    let number = loads
    let all = await notes.loadAll()
    if number == 2 {
      let deadline = ContinuousClock.now + .seconds(2)
      while !laterReloadReturned, ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(5))
      }
      slowReloadReturned = true
    } else if number > 2 {
      laterReloadReturned = true
    }
    return all
  }

  func changes() -> RepositoryChanges<Note.ID> { notes.assumeIsolated { $0.changes() } }
  func save(_ item: Note) async throws { try await notes.save(item) }
  func save<Items: Sequence & Sendable>(contentsOf items: Items) async throws
  where Items.Element == Note {
    try await notes.save(contentsOf: items)
  }
  func insert(_ item: Note) async throws -> Bool { try await notes.insert(item) }
  func save(_ item: Note, if condition: @Sendable (Note?) -> Bool) async throws -> Bool {
    try await notes.save(item, if: condition)
  }
  func delete(_ id: Note.ID) async throws { try await notes.delete(id) }
  func delete<IDs: Sequence & Sendable>(ids: IDs) async throws where IDs.Element == Note.ID {
    try await notes.delete(ids: ids)
  }
  func find(by id: Note.ID) async -> Note? { await notes.find(by: id) }
  func synchronize() async throws {}
}

@MainActor @Suite struct NoteListModelTests {
  /// Waits until `condition` holds, for at most five seconds.
  func eventually(_ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(5)
    while await !condition(), ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
    return await condition()
  }

  @Test func showsTheStoresNotes() async throws {
    let first = Note(text: "Buy milk")
    let repository = InMemoryRepository([first])
    let model = NoteListModel(repository: repository)
    let following = Task { await model.followChanges() }
    defer { following.cancel() }
    #expect(
      await eventually { model.notes == [first] },
      "the list shows \(model.notes.count) note(s) and the store holds 1: load them first")
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

  @Test func showsANoteSavedWhileItWasLoading() async throws {
    let first = Note(text: "Buy milk")
    let late = Note(text: "Saved while the list was loading")
    let model = NoteListModel(repository: SaveRightAfterFirstLoad([first], thenSave: late))
    let following = Task { await model.followChanges() }
    defer { following.cancel() }
    #expect(
      await eventually { model.notes.contains(late) },
      "a note saved between the list's first load and its subscription never shows: subscribe to changes() first, then load"
    )
  }

  /// Two stores on one folder, as two processes have: the list follows one, and the other
  /// saves. The store the list follows reads only its cache in `loadAll()`, and learns of the
  /// other's save only while someone subscribes to its `changes()`: loading again and again
  /// (polling with a sleep) never shows the note.
  @Test func showsANoteAnotherProcessSaved() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let followed = try LocalRepository<Note>(directory: folder.url, filename: "notes.json")
    let other = try LocalRepository<Note>(directory: folder.url, filename: "notes.json")
    let first = Note(text: "Buy milk")
    try await followed.save(first)
    let model = NoteListModel(repository: followed)
    let following = Task { await model.followChanges() }
    defer { following.cancel() }
    try #require(await eventually { model.notes == [first] })
    let second = Note(text: "Saved by another process")
    try await other.save(second)
    #expect(
      await eventually { model.notes.contains(second) },
      "a note another process saved never shows: loading again only reads the store's cache; follow changes()"
    )
  }

  /// Following is structured: `followChanges()` runs until its task is cancelled, so that
  /// cancelling that task stops it. One that starts a `Task` of its own and returns leaves
  /// that task following after the screen is gone.
  @Test func keepsFollowingUntilCancelledAndNoLonger() async throws {
    let first = Note(text: "Buy milk")
    let repository = InMemoryRepository([first])
    let model = NoteListModel(repository: repository)
    let returned = Flag()
    let following = Task {
      await model.followChanges()
      returned.set()
    }
    try #require(await eventually { model.notes == [first] })
    let second = Note(text: "Call the bank")
    try await repository.save(second)
    try #require(await eventually { model.notes.contains(second) })
    #expect(
      !returned.isSet,
      "followChanges() returned while the list still follows the store: the task it started outlives the one that called it, and cancelling that one stops nothing"
    )
    following.cancel()
    await following.value
    let third = Note(text: "Saved after the screen closed")
    try await repository.save(third)
    await repository.synchronize()
    for _ in 0..<20 { await Task.yield() }
    #expect(
      !model.notes.contains(third),
      "the list still followed the store after its task was cancelled")
  }

  /// Two saves in a row while a reload is slow: the list ends showing both. Reloading in a
  /// task per change lets the slow, older reload land last, and the list then shows a state
  /// the store has left.
  @Test func endsShowingTheLatestStateWhenAReloadIsSlow() async throws {
    let first = Note(text: "Buy milk")
    let repository = SlowFirstReload([first])
    let model = NoteListModel(repository: repository)
    let following = Task { await model.followChanges() }
    defer { following.cancel() }
    try #require(await eventually { model.notes == [first] })
    try await repository.save(Note(text: "Call the bank"))
    // The third note is saved once the slow reload has read the notes without it.
    try #require(await eventually { await repository.loads >= 2 })
    try await repository.save(Note(text: "Book the train"))
    _ = await eventually { model.notes.count == 3 }
    let settled = ContinuousClock.now + .seconds(5)
    while await !repository.slowReloadReturned, ContinuousClock.now < settled {
      try? await Task.sleep(for: .milliseconds(5))
    }
    for _ in 0..<50 { await Task.yield() }
    #expect(
      model.notes.count == 3,
      "the list shows \(model.notes.count) notes, and the store holds 3: an older reload landed after a newer one; reload one change at a time"
    )
  }

  @Test func stopsWhenItsTaskIsCancelled() async throws {
    let model = NoteListModel(repository: InMemoryRepository<Note>())
    let following = Task { await model.followChanges() }
    following.cancel()
    await following.value  // Returns: a cancelled follower does not run forever.
  }
}

/// Set once, read from the main actor.
@MainActor final class Flag {
  private(set) var isSet = false

  func set() { isSet = true }
}

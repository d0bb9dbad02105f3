// One behavioural suite that every Repository implementation must pass.

import Foundation
import LocalStore
import LocalStoreSQLite
import LocalStoreSync
import LocalStoreTestSupport
import Testing

/// The implementations under test; each case builds a fresh, empty repository.
enum RepositoryKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case inMemory, journal, rewrite
  case sqlite
  /// The sync module's journal-backed store, whose items carry their outbox marks.
  case synced

  var testDescription: String { rawValue }

  /// Runs `body` with a new empty repository; a local one lives in a temporary folder that
  /// exists until `body` returns.
  func withEmptyRepository(
    _ body: (any Repository<Note>) async throws -> Void
  )
    async throws
  {
    let folder = try TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    switch self {
    case .inMemory:
      try await body(InMemoryRepository<Note>())
    case .journal, .rewrite:
      var configuration = StoreConfiguration()
      configuration.strategy = self == .journal ? .journal : .rewrite
      let repository = try LocalRepository<Note>(
        directory: folder.url, filename: "q.json", configuration: configuration)
      try await body(repository)
      // What is on disk must read back as what the repository holds in memory.
      let reopened = try LocalRepository<Note>(
        directory: folder.url, filename: "q.json", configuration: configuration)
      #expect(await reopened.loadAll() == repository.loadAll())
    case .sqlite:
      let repository = try await SQLiteRepository<Note>.open(
        directory: folder.url, filename: "q.sqlite")
      try await body(repository)
      let reopened = try await SQLiteRepository<Note>.open(
        directory: folder.url, filename: "q.sqlite")
      #expect(await reopened.loadAll() == repository.loadAll())
    case .synced:
      let repository = try await SyncedRepository<Note>.open(
        directory: folder.url, filename: "q.json")
      try await body(repository)
      let reopened = try await SyncedRepository<Note>.open(
        directory: folder.url, filename: "q.json")
      #expect(await reopened.loadAll() == repository.loadAll())
      // Every change the body made waits to be sent, and none is visible twice.
      #expect(await reopened.count() == repository.loadAll().count)
    }
  }
}

@Suite struct RepositoryConformanceTests {
  @Test(arguments: RepositoryKind.allCases)
  func startsEmpty(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      #expect(await repository.loadAll().isEmpty)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func savedItemCanBeFound(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let note = Note(title: "p", text: "a")
      try await repository.save(note)
      #expect(await repository.find(by: note.id) == note)
      #expect(await repository.find(by: UUID()) == nil)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func loadAllKeepsInsertionOrder(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let notes = sampleNotes(50)
      for note in notes { try await repository.save(note) }
      #expect(await repository.loadAll() == notes)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func savingAnExistingIDReplacesItInPlace(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      var notes = sampleNotes(3)
      try await repository.save(contentsOf: notes)
      notes[1].text = "changed"
      try await repository.save(notes[1])
      #expect(await repository.loadAll() == notes)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func deleteRemovesOnlyThatItem(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let notes = sampleNotes(3)
      try await repository.save(contentsOf: notes)
      try await repository.delete(notes[1].id)
      #expect(await repository.loadAll() == [notes[0], notes[2]])
      try await repository.delete(UUID())  // Unknown IDs are ignored.
      #expect(await repository.loadAll().count == 2)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func batchOperationsApplyEveryItem(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let notes = sampleNotes(200)
      try await repository.save(contentsOf: notes)
      #expect(await repository.loadAll() == notes)
      let removed = Set(notes.indices.filter { $0 % 2 == 0 }.map { notes[$0].id })
      try await repository.delete(ids: removed)
      #expect(await repository.loadAll() == notes.filter { !removed.contains($0.id) })
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func laterDuplicateInABatchWins(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let first = Note(title: "first", text: "a")
      var second = first
      second.title = "second"
      try await repository.save(contentsOf: [first, second])
      #expect(await repository.loadAll() == [second])
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func deletedThenSavedItemMovesToTheEnd(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let notes = sampleNotes(3)
      try await repository.save(contentsOf: notes)
      try await repository.delete(notes[0].id)
      try await repository.save(notes[0])
      #expect(await repository.loadAll() == [notes[1], notes[2], notes[0]])
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func orderSurvivesManyDeletions(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let notes = sampleNotes(300)
      try await repository.save(contentsOf: notes)
      // Enough removals to make the cache compact its storage.
      let kept = notes.enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
      let keptIDs = Set(kept.map(\.id))
      try await repository.delete(ids: notes.map(\.id).filter { !keptIDs.contains($0) })
      #expect(await repository.loadAll() == kept)
      for note in kept { #expect(await repository.find(by: note.id) == note) }
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func loadAllReflectsEveryChangeBetweenCalls(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let notes = sampleNotes(3)
      try await repository.save(notes[0])
      #expect(await repository.loadAll() == [notes[0]])
      #expect(await repository.loadAll() == [notes[0]])
      try await repository.save(contentsOf: notes[1...])
      #expect(await repository.loadAll() == notes)
      try await repository.delete(notes[0].id)
      #expect(await repository.loadAll() == Array(notes[1...]))
      try await repository.delete(ids: [UUID()])
      #expect(await repository.loadAll() == Array(notes[1...]))
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func concurrentSavesAllLand(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let notes = sampleNotes(200)
      try await withThrowingTaskGroup(of: Void.self) { group in
        for note in notes { group.addTask { try await repository.save(note) } }
        try await group.waitForAll()
      }
      #expect(Set(await repository.loadAll().map(\.id)) == Set(notes.map(\.id)))
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func insertStoresANewItemAndLeavesATakenIDAlone(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let note = Note(title: "first", text: "a")
      let insertedFirst = try await repository.insert(note)
      #expect(insertedFirst)
      var rival = note
      rival.title = "second"
      let insertedRival = try await repository.insert(rival)
      #expect(!insertedRival)
      #expect(await repository.find(by: note.id) == note)
      let other = Note(title: "other", text: "a")
      let insertedOther = try await repository.insert(other)
      #expect(insertedOther)
      #expect(await repository.loadAll() == [note, other])
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func concurrentInsertsOfOneIDStoreExactlyOne(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let id = UUID()
      let rivals = (0..<20).map { Note(id: id, title: "rival \($0)", text: "a") }
      let winners = try await withThrowingTaskGroup(of: Note?.self) { group in
        for rival in rivals {
          group.addTask { try await repository.insert(rival) ? rival : nil }
        }
        return try await group.compactMap { $0 }.reduce(into: []) { $0.append($1) }
      }
      try #require(winners.count == 1)
      #expect(await repository.loadAll() == winners)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func pagesReadBackTheItemsInOrderAndTheCountFollowsEveryChange(
    kind: RepositoryKind
  ) async throws {
    try await kind.withEmptyRepository { repository in
      #expect(await repository.count() == 0)
      #expect(await repository.items(offset: 0, limit: 10).isEmpty)
      var notes = sampleNotes(25)
      try await repository.save(contentsOf: notes)
      // Replacing an item is no new item; deleting an unknown ID removes none.
      notes[3].text = "changed"
      try await repository.save(notes[3])
      try await repository.delete(ids: [notes[0].id, notes[7].id, UUID()])
      #expect(try await repository.insert(notes[0]))
      let expected = Array(notes[1...6]) + notes[8...] + [notes[0]]
      #expect(await repository.count() == 24)

      var pages: [Note] = []
      for offset in stride(from: 0, to: 30, by: 10) {
        pages += await repository.items(offset: offset, limit: 10)
      }
      #expect(pages == expected)
      #expect(await repository.items(offset: 22, limit: 10) == Array(expected[22...]))
      #expect(await repository.items(offset: 24, limit: 10).isEmpty)
      #expect(await repository.items(offset: 5, limit: 0).isEmpty)
      #expect(await repository.items(offset: -1, limit: 5).isEmpty)
    }
  }
}

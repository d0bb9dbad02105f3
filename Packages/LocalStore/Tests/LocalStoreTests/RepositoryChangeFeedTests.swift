// The change feed and the conditional save, checked against every Repository implementation.

import Foundation
import LocalStore
import LocalStoreTestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct RepositoryChangeFeedTests {
  @Test(arguments: RepositoryKind.allCases)
  func changesArriveInOrderWithTheirIDs(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      var changes = await repository.changes().makeAsyncIterator()
      let first = Note(title: "first", text: "a")
      let second = Note(title: "second", text: "b")
      try await repository.save(first)
      #expect(await changes.next() == RepositoryChange(ids: [first.id]))
      try await repository.save(contentsOf: [second])
      #expect(await changes.next() == RepositoryChange(ids: [second.id]))
      try await repository.delete(first.id)
      #expect(await changes.next() == RepositoryChange(ids: [first.id]))
      #expect(try await repository.insert(first))
      #expect(await changes.next() == RepositoryChange(ids: [first.id]))
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func aSlowSubscriberGetsMissedChangesMergedIntoOne(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      var changes = await repository.changes().makeAsyncIterator()
      let notes = (0..<50).map { Note(title: "q\($0)", text: "a") }
      for note in notes { try await repository.save(note) }
      // Fifty changes while nobody read: one merged change, not fifty queued ones.
      let merged = try #require(await changes.next())
      #expect(merged == RepositoryChange(ids: notes.map(\.id)))
      let last = Note(title: "last", text: "a")
      try await repository.save(last)
      #expect(await changes.next() == RepositoryChange(ids: [last.id]))
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func everySubscriberGetsEveryChange(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      var one = await repository.changes().makeAsyncIterator()
      var two = await repository.changes().makeAsyncIterator()
      let note = Note(title: "p", text: "a")
      try await repository.save(note)
      #expect(await one.next() == RepositoryChange(ids: [note.id]))
      #expect(await two.next() == RepositoryChange(ids: [note.id]))
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func aCancelledSubscriberStops(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let changes = await repository.changes()
      let loop = Task {
        var count = 0
        for await _ in changes { count += 1 }
        return count
      }
      loop.cancel()
      #expect(await loop.value == 0)
      try await repository.save(Note(title: "p", text: "a"))
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func saveIfCurrentRefusesWhatAnotherWriterChanged(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let original = Note(title: "original", text: "a")
      #expect(try await repository.save(original, ifCurrent: nil))
      #expect(try await !repository.save(original, ifCurrent: nil))

      var theirs = original
      theirs.title = "theirs"
      #expect(try await repository.save(theirs, ifCurrent: original))
      var mine = original
      mine.title = "mine"
      #expect(try await !repository.save(mine, ifCurrent: original))
      #expect(await repository.find(by: original.id) == theirs)

      try await repository.delete(original.id)
      #expect(try await !repository.save(mine, ifCurrent: theirs))
      #expect(await repository.find(by: original.id) == nil)
    }
  }
}

// The reading list's behaviour, checked against a repository in memory.

import Foundation
import Persistence
import ReadingList
import Testing

@MainActor @Suite struct ReadingListModelTests {
  @Test func anAddedBookIsShownInOrder() async throws {
    let model = ReadingListModel(repository: InMemoryRepository<Book>())
    try #require(await model.addBook(title: "Dune"))
    await model.addBook(title: "Emma")
    #expect(model.books.map(\.title) == ["Dune", "Emma"])
    #expect(model.errorMessage == nil)
  }

  struct DiskFull: Error {}

  @Test func aRefusedSaveKeepsTheListAndSaysWhy() async {
    let repository = InMemoryRepository([Book(title: "Dune")])
    let model = ReadingListModel(repository: repository)
    await model.load()
    await repository.failWrites(with: DiskFull())

    #expect(await model.addBook(title: "Emma") == false)
    #expect(model.books.map(\.title) == ["Dune"])
    #expect(model.errorMessage?.contains("was not saved") == true)
  }

  @Test func finishingABookChangedElsewhereKeepsTheOtherChange() async throws {
    let dune = Book(title: "Dune")
    let repository = InMemoryRepository([dune])
    let model = ReadingListModel(repository: repository)
    await model.load()

    // Another screen, or another process, renames the book after this one read it.
    var renamed = dune
    renamed.title = "Dune (2nd edition)"
    try await repository.save(renamed)

    await model.markFinished(dune.id)
    let stored = try #require(await repository.find(by: dune.id))
    #expect(stored.title == "Dune (2nd edition)")
    #expect(!stored.isFinished)
    #expect(model.books == [stored])
    #expect(model.errorMessage != nil)
  }

  /// Waits, up to five seconds, until `condition` holds.
  func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(5)
    while !condition() && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  @Test func followingShowsAChangeMadeElsewhere() async throws {
    let repository = InMemoryRepository([Book(title: "Dune")])
    let model = ReadingListModel(repository: repository)
    let following = Task { await model.followChanges() }
    defer { following.cancel() }
    // Following has subscribed once its first load shows Dune.
    try await waitUntil { !model.books.isEmpty }

    try await repository.save(Book(title: "Emma"))  // behind the model's back
    try await waitUntil { model.books.count == 2 }
    #expect(model.books.map(\.title) == ["Dune", "Emma"])
  }
}

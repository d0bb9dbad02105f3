// The reading list's behaviour, checked against a repository in memory.

import Foundation
import LocalStore
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

  /// Books in memory, where another writer renames a book right after any `find(by:)` and
  /// before any save: the moment when a check made with `find` goes stale. Real traffic
  /// makes that moment happen now and then; this repository makes it happen every time.
  actor RenamedInBetween: Repository {
    let books: InMemoryRepository<Book>
    private var rename: Book?

    init(_ books: [Book], renaming book: Book) {
      self.books = InMemoryRepository(books)
      rename = book
    }

    private func renameOnce() async {
      guard let book = rename else { return }
      rename = nil
      try? await books.save(book)
    }

    func find(by id: Book.ID) async -> Book? {
      let found = await books.find(by: id)
      await renameOnce()
      return found
    }

    func save(_ item: Book) async throws {
      await renameOnce()
      try await books.save(item)
    }

    func save(_ item: Book, if condition: @Sendable (Book?) -> Bool) async throws -> Bool {
      await renameOnce()
      return try await books.save(item, if: condition)
    }

    func save<Items: Sequence & Sendable>(contentsOf items: Items) async throws
    where Items.Element == Book {
      await renameOnce()
      try await books.save(contentsOf: items)
    }

    func insert(_ item: Book) async throws -> Bool {
      await renameOnce()
      return try await books.insert(item)
    }

    func delete(_ id: Book.ID) async throws { try await books.delete(id) }
    func delete<IDs: Sequence & Sendable>(ids: IDs) async throws where IDs.Element == Book.ID {
      try await books.delete(ids: ids)
    }
    func loadAll() async -> [Book] { await books.loadAll() }
    func changes() -> RepositoryChanges<Book.ID> { .finished }
    func synchronize() async throws {}
  }

  @Test func finishingABookChangedElsewhereKeepsTheOtherChange() async throws {
    let dune = Book(title: "Dune")
    var renamed = dune
    renamed.title = "Dune (2nd edition)"
    // Another screen, or another process, renames the book while this one finishes it.
    let repository = RenamedInBetween([dune], renaming: renamed)
    let model = ReadingListModel(repository: repository)
    await model.load()

    await model.markFinished(dune.id)
    let stored = try #require(await repository.find(by: dune.id))
    #expect(stored.title == "Dune (2nd edition)", "Finishing the book undid the rename")
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

// The reading list's behaviour, checked against a repository in memory.

import Foundation
import Persistence
import ReadingList
import Testing

@MainActor @Suite struct ReadingListModelTests {
  @Test func anAddedBookIsShownInOrder() async throws {
    let model = ReadingListModel(repository: Library.inMemory().books)
    try #require(await model.addBook(title: "Dune"))
    await model.addBook(title: "Emma")
    #expect(model.books.map(\.title) == ["Dune", "Emma"])
    #expect(model.errorMessage == nil)
  }

  @Test func finishingABookTakesItOffTheUnreadList() async throws {
    let dune = Book(title: "Dune")
    let model = ReadingListModel(repository: Library.inMemory([dune]).books)
    await model.load()
    await model.markFinished(dune.id)
    #expect(model.unread.isEmpty)
    #expect(try #require(model.books.first).isFinished)
  }

  struct DiskFull: Error {}

  @Test func aRefusedSaveKeepsTheListAndSaysWhy() async {
    let repository = InMemoryRepository([Book(title: "Dune")])
    let model = ReadingListModel(repository: repository)
    await model.load()
    await repository.failWrites(with: DiskFull())

    let saved = await model.addBook(title: "Emma")

    #expect(!saved)
    #expect(model.books.map(\.title) == ["Dune"])
    #expect(model.errorMessage?.hasPrefix("The reading list was not changed") == true)
  }
}

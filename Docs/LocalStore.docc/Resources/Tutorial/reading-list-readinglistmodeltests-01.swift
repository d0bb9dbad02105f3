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
}

// A list over a store of a million questions reads one page, never the whole store.

import FlowKit
import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Testing
import ViewModels

@MainActor @Suite(.timeLimit(.minutes(1))) struct QuestionListPagingTests {
  @Test func aMillionQuestionListOpensOnItsFirstPageWithoutReadingTheRest() async {
    let repository = MillionQuestionRepository()
    let list = QuestionListViewModel(repository: repository, pageSize: 100)
    await list.load()
    #expect(list.isPaged)
    #expect(list.totalCount == 1_000_000)
    #expect(list.items == (0..<100).map(MillionQuestionRepository.question))
    #expect(list.hasMoreToLoad)
    #expect(await repository.loadAllCount == 0)
    #expect(await repository.pagesRead == [0..<100])
  }

  @Test func loadMoreAppendsTheNextPage() async {
    let repository = MillionQuestionRepository()
    let list = QuestionListViewModel(repository: repository, pageSize: 100)
    await list.load()
    await list.loadMore()
    await list.loadMore()
    #expect(list.items == (0..<300).map(MillionQuestionRepository.question))
    #expect(await repository.pagesRead == [0..<100, 100..<200, 200..<300])
    #expect(await repository.loadAllCount == 0)
  }

  /// After a change, the list reads again as many pages as it had loaded: the person's
  /// place is kept, and still nothing reads the whole store.
  @Test func aChangeRereadsTheLoadedPagesOnly() async {
    let repository = MillionQuestionRepository(count: 250)
    let list = QuestionListViewModel(repository: repository, pagingThreshold: 100, pageSize: 100)
    await list.load()
    await list.loadMore()
    let added = Question(prompt: "added", answer: "a")
    #expect(await list.add(added))
    #expect(list.totalCount == 251)
    #expect(list.items.count == 200)
    #expect(await repository.pagesRead.last == 0..<200)
    await list.loadMore()
    #expect(list.items.count == 251)
    #expect(list.items.last == added)
    #expect(!list.hasMoreToLoad)
    #expect(await repository.loadAllCount == 0)
  }

  @Test func aStoreUpToTheThresholdIsReadWhole() async {
    let questions = (0..<50).map(MillionQuestionRepository.question)
    let list = QuestionListViewModel(
      repository: InMemoryRepository(questions), pagingThreshold: 50, pageSize: 10)
    await list.load()
    #expect(!list.isPaged)
    #expect(list.items == questions)
    #expect(!list.hasMoreToLoad)
  }

  /// Every match of a store, a page at a time: each page's matches in order, the store's
  /// size returned, no call that reads the whole store, and the list's own state untouched.
  @Test func everyMatchIsHandedOverAPageAtATimeWithoutReadingTheStore() async {
    let repository = MillionQuestionRepository(count: 25_000)
    let list = QuestionListViewModel(repository: repository, pagingThreshold: 100, pageSize: 100)
    list.searchText = "question 1"
    var handed: [[Question]] = []
    let total = await list.forEachMatchingPage(pageSize: 10_000) { page in
      handed.append(page)
      return true
    }
    #expect(total == 25_000)
    #expect(await repository.pagesRead == [0..<10_000, 10_000..<20_000, 20_000..<25_000])
    #expect(await repository.loadAllCount == 0)
    let expected = (0..<25_000).map(MillionQuestionRepository.question)
      .filter { $0.matches(searchText: "question 1") }
    #expect(handed.flatMap { $0 } == expected)
    #expect(handed.count == 3)
    #expect(list.items.isEmpty && list.totalCount == 0, "the list's own state changed")
  }

  /// A `body` that says stop ends the reading: no page after it is read.
  @Test func aBodyThatSaysStopEndsTheReading() async {
    let repository = MillionQuestionRepository()
    let list = QuestionListViewModel(repository: repository)
    _ = await list.forEachMatchingPage(pageSize: 1_000) { _ in false }
    #expect(await repository.pagesRead == [0..<1_000])
  }
}

// Scrolling a list that shows a large store a page at a time reads the next page as it goes.

import FlowKit
import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import TerminalUI
import Testing
import ViewModels

@testable import App

@MainActor @Suite struct PagedListTests {
  static let many = (0..<45).map { Question(prompt: "Question \($0)", answer: "Answer \($0)") }

  /// A full screen over a store of 45 questions, paged from 10 questions on, 10 at a time:
  /// 5 pages, the first read.
  static func pagedScreen(
    columns: Int, rows: Int
  ) async
    -> (QuestionListViewModel, FullScreenState)
  {
    let repository = InMemoryRepository(many)
    let list = QuestionListViewModel(repository: repository, pagingThreshold: 10, pageSize: 10)
    await list.load()
    let history = InMemoryRepository<StudySession>()
    let model = QuestionBankModel(
      list: list, quiz: QuizViewModel(questions: repository, sessions: history),
      statistics: StatisticsViewModel(sessions: history), offersSampleDeck: false)
    return (list, FullScreenState(model: model, size: TerminalSize(columns: columns, rows: rows)))
  }

  @Test func scrollingDownReadsPagesUntilTheLastQuestion() async {
    let (list, state) = await Self.pagedScreen(columns: 40, rows: 10)
    #expect(list.items.count == 10)
    // The header counts the place in the store, not the questions read so far.
    #expect(FrameComposer.frame(for: state).lines[0].hasSuffix(" 1 of 45"))

    for _ in 0..<20 { await state.perform(.pageDown) }
    #expect(list.items == Self.many)
    #expect(FrameComposer.frame(for: state).lines[0].hasSuffix(" 45 of 45"))
    #expect(state.selectedQuestion == Self.many[44])
    #expect(!list.hasMoreToLoad)
    await state.perform(.moveToFirst)
    for _ in 0..<44 { await state.perform(.moveDown) }
    #expect(state.selectedQuestion == Self.many[44])
  }

  /// A filter of a paged list covers the pages read so far: the list must not say that
  /// nothing in the store matches, and the header counts what was read.
  @Test func aFilterOfAPagedListSaysItCoversThePagesReadOnly() async {
    let (list, state) = await Self.pagedScreen(columns: 80, rows: 12)

    list.searchText = "Question 42"  // In the store, not in the first page.
    var lines = FrameComposer.frame(for: state).lines
    #expect(lines[0].hasSuffix(" 0 in 10 read of 45"), "\(lines[0])")
    #expect(!lines.contains { $0.contains("Nothing matches") })
    #expect(lines.contains { $0.contains("None of the 10 questions read so far matches.") })

    list.searchText = "Question 4"  // Question 4, in the first page.
    lines = FrameComposer.frame(for: state).lines
    #expect(lines[0].hasSuffix(" 1 in 10 read of 45"), "\(lines[0])")

    for _ in 0..<5 { await list.loadMore() }
    list.searchText = "Question 42"
    lines = FrameComposer.frame(for: state).lines
    #expect(lines[0].hasSuffix(" 1 of 45"), "every page read: a plain count, \(lines[0])")
  }
}

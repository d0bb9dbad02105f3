// The list view model's tag filter and its summary of the tags in use.

import FlowKit
import LocalStore
import LocalStoreTestSupport
import Models
import Observation
import Testing
import ViewModels

@MainActor @Suite struct QuestionListTagFilterTests {
  private let questions = [
    Question(prompt: "What does an actor guarantee?", answer: "Serial access", tags: ["Actors"]),
    Question(
      prompt: "What is reentrancy?", answer: "Interleaving at awaits", tags: ["actors", "io"]),
    Question(prompt: "Why fsync the folder?", answer: "The rename is durable", tags: ["io"]),
    Question(prompt: "What is an Optional?", answer: "A value or nothing"),
  ]

  @Test func tagsCountQuestionsIgnoringCaseMostUsedFirst() async {
    let viewModel = QuestionListViewModel(repository: InMemoryRepository(questions))
    await viewModel.load()
    #expect(
      viewModel.tags == [TagSummary(name: "Actors", count: 2), TagSummary(name: "io", count: 2)])
  }

  @Test func aTagFiltersIgnoringCaseAndCombinesWithTheSearch() async {
    let viewModel = QuestionListViewModel(repository: InMemoryRepository(questions))
    await viewModel.load()
    viewModel.tag = "ACTORS"
    #expect(viewModel.items == [questions[0], questions[1]])
    viewModel.searchText = "interleaving"
    #expect(viewModel.items == [questions[1]])
    viewModel.tag = nil
    viewModel.searchText = ""
    #expect(viewModel.items == questions)
    #expect(viewModel.totalCount == 4)
  }

  @Test func theFilterStaysAppliedAfterAChange() async throws {
    let viewModel = QuestionListViewModel(repository: InMemoryRepository(questions))
    await viewModel.load()
    viewModel.tag = "io"
    let added = Question(
      prompt: "What is fdatasync?", answer: "fsync without metadata", tags: ["IO"])
    await viewModel.add(added)
    #expect(viewModel.items == [questions[1], questions[2], added])
    #expect(viewModel.tags.first == TagSummary(name: "io", count: 3))
  }

  @available(macOS 26, iOS 26, *)
  @Test func settingTheTagIsObservedAsOneChange() async {
    let viewModel = QuestionListViewModel(repository: InMemoryRepository(questions))
    await viewModel.load()
    let recorder = ObservationRecorder(Observations { viewModel.items.count })
    await recorder.waitForCount(1)
    viewModel.tag = "io"
    await recorder.waitForCount(2)
    await recorder.settle()
    #expect(recorder.values == [4, 2])
  }
}

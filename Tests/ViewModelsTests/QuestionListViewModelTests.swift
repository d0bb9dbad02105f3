// The list view model against the in-memory fake and against a real store on disk.

import FlowKit
import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Observation
import Testing
import ViewModels

/// A failure the fake repository is told to raise.
private struct DiskFull: Error, CustomStringConvertible {
  var description: String { "the disk is full" }
}

@MainActor @Suite struct QuestionListViewModelTests {
  private let questions = [
    Question(prompt: "What does an actor guarantee?", answer: "Serial access", tags: ["actors"]),
    Question(prompt: "Why fsync the folder?", answer: "So the rename is durable", tags: ["io"]),
    Question(prompt: "What is Sendable?", answer: "Safe to share across actors", tags: ["types"]),
  ]

  @Test func loadShowsEveryQuestionInOrder() async {
    let viewModel = QuestionListViewModel(repository: InMemoryRepository(questions))
    #expect(viewModel.items.isEmpty)
    await viewModel.load()
    #expect(viewModel.items == questions)
    #expect(viewModel.totalCount == 3)
    #expect(viewModel.errorMessage == nil)
  }

  @Test func searchTextFiltersWithoutReloading() async throws {
    let repository = InMemoryRepository(questions)
    let viewModel = QuestionListViewModel(repository: repository)
    await viewModel.load()
    viewModel.searchText = "actors"
    #expect(viewModel.items == [questions[0], questions[2]])
    viewModel.searchText = "durable rename"
    #expect(viewModel.items == [questions[1]])
    #expect(viewModel.totalCount == 3)
    viewModel.searchText = ""
    #expect(viewModel.items == questions)
  }

  @Test func addAndRemoveKeepTheSearchApplied() async throws {
    let viewModel = QuestionListViewModel(repository: InMemoryRepository(questions))
    await viewModel.load()
    viewModel.searchText = "actor"
    let added = Question(prompt: "Is an actor reentrant?", answer: "Yes, at every await")
    await viewModel.add(added)
    #expect(viewModel.items == [questions[0], questions[2], added])
    #expect(viewModel.totalCount == 4)
    await viewModel.remove(questions[0].id)
    #expect(viewModel.items == [questions[2], added])
    #expect(viewModel.item(withID: questions[1].id) == questions[1])
  }

  @Test func addingManyQuestionsIsOneBatch() async throws {
    let repository = InMemoryRepository(questions)
    let viewModel = QuestionListViewModel(repository: repository)
    await viewModel.load()
    await viewModel.add(contentsOf: Question.sampleDeck)
    #expect(viewModel.totalCount == questions.count + Question.sampleDeck.count)
    await viewModel.add(contentsOf: Question.sampleDeck)  // The same IDs: replaced.
    #expect(viewModel.items == questions + Question.sampleDeck)
  }

  @Test func aFailedChangeShowsAnErrorAndKeepsTheList() async throws {
    let repository = InMemoryRepository(questions)
    let viewModel = QuestionListViewModel(repository: repository)
    await viewModel.load()
    await repository.failWrites(with: DiskFull())
    #expect(await viewModel.add(Question(prompt: "lost", answer: "a")) == false)
    #expect(viewModel.errorMessage == "the disk is full")
    #expect(viewModel.items == questions)

    await repository.failWrites(with: nil)
    #expect(await viewModel.remove(questions[0].id))
    #expect(viewModel.errorMessage == nil)
    #expect(viewModel.items == Array(questions.dropFirst()))
  }

  @Test func persistenceErrorsShowTheirSentence() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    let viewModel = QuestionListViewModel(repository: repository)
    try FileManager.default.removeItem(at: folder.url)
    try Data().write(to: folder.url)  // A file where the store's folder was.
    #expect(await viewModel.add(Question(prompt: "p", answer: "a")) == false)
    let message = try #require(viewModel.errorMessage)
    #expect(message.contains(folder.url.path))
    try FileManager.default.removeItem(at: folder.url)
  }

  @Test func worksAgainstAStoreOnDisk() async throws {
    let folder = try TemporaryDirectory()
    let first = QuestionListViewModel(
      repository: try LocalRepository<Question>(directory: folder.url, filename: "q.json"))
    await first.load()
    for question in questions { await first.add(question) }
    await first.remove(questions[1].id)

    let second = QuestionListViewModel(
      repository: try LocalRepository<Question>(directory: folder.url, filename: "q.json"))
    await second.load()
    #expect(second.items == [questions[0], questions[2]])
  }

  @available(macOS 26, iOS 26, *)
  @Test func eachUserActionIsObservedAsOneChange() async throws {
    let repository = InMemoryRepository(questions)
    let viewModel = QuestionListViewModel(repository: repository)
    let recorder = ObservationRecorder(
      Observations { (viewModel.items.count, viewModel.totalCount, viewModel.errorMessage) })
    await recorder.waitForCount(1)

    await viewModel.load()
    await recorder.waitForCount(2)
    await viewModel.add(Question(prompt: "new", answer: "a"))
    await recorder.waitForCount(3)
    await repository.failWrites(with: DiskFull())
    await viewModel.remove(questions[0].id)
    await recorder.waitForCount(4)
    await recorder.settle()

    let seen = recorder.values.map { "\($0.0)/\($0.1)/\($0.2 ?? "-")" }
    #expect(seen == ["0/0/-", "3/3/-", "4/4/-", "4/4/the disk is full"])
  }
}

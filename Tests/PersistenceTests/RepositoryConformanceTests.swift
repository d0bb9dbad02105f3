// One behavioural suite that every Repository implementation must pass.

import Foundation
import Models
import Persistence
import TestSupport
import Testing

/// The implementations under test; each case builds a fresh, empty repository.
enum RepositoryKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case inMemory, journal, rewrite

  var testDescription: String { rawValue }

  /// Runs `body` with a new empty repository; a local one lives in a temporary folder that
  /// exists until `body` returns.
  func withEmptyRepository(
    _ body: (any Repository<Question>) async throws -> Void
  )
    async throws
  {
    let folder = try TemporaryDirectory()
    defer { withExtendedLifetime(folder) {} }
    switch self {
    case .inMemory:
      try await body(InMemoryRepository<Question>())
    case .journal, .rewrite:
      var configuration = StoreConfiguration()
      configuration.strategy = self == .journal ? .journal : .rewrite
      let repository = try LocalRepository<Question>(
        directory: folder.url, filename: "q.json", configuration: configuration)
      try await body(repository)
      // What is on disk must read back as what the repository holds in memory.
      let reopened = try LocalRepository<Question>(
        directory: folder.url, filename: "q.json", configuration: configuration)
      #expect(await reopened.loadAll() == repository.loadAll())
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
      let question = Question(prompt: "p", answer: "a")
      try await repository.save(question)
      #expect(await repository.find(by: question.id) == question)
      #expect(await repository.find(by: UUID()) == nil)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func loadAllKeepsInsertionOrder(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let questions = sampleQuestions(50)
      for question in questions { try await repository.save(question) }
      #expect(await repository.loadAll() == questions)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func savingAnExistingIDReplacesItInPlace(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      var questions = sampleQuestions(3)
      try await repository.save(contentsOf: questions)
      questions[1].answer = "changed"
      try await repository.save(questions[1])
      #expect(await repository.loadAll() == questions)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func deleteRemovesOnlyThatItem(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let questions = sampleQuestions(3)
      try await repository.save(contentsOf: questions)
      try await repository.delete(questions[1].id)
      #expect(await repository.loadAll() == [questions[0], questions[2]])
      try await repository.delete(UUID())  // Unknown IDs are ignored.
      #expect(await repository.loadAll().count == 2)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func batchOperationsApplyEveryItem(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let questions = sampleQuestions(200)
      try await repository.save(contentsOf: questions)
      #expect(await repository.loadAll() == questions)
      let removed = Set(questions.indices.filter { $0 % 2 == 0 }.map { questions[$0].id })
      try await repository.delete(ids: removed)
      #expect(await repository.loadAll() == questions.filter { !removed.contains($0.id) })
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func laterDuplicateInABatchWins(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let first = Question(prompt: "first", answer: "a")
      var second = first
      second.prompt = "second"
      try await repository.save(contentsOf: [first, second])
      #expect(await repository.loadAll() == [second])
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func deletedThenSavedItemMovesToTheEnd(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let questions = sampleQuestions(3)
      try await repository.save(contentsOf: questions)
      try await repository.delete(questions[0].id)
      try await repository.save(questions[0])
      #expect(await repository.loadAll() == [questions[1], questions[2], questions[0]])
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func orderSurvivesManyDeletions(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let questions = sampleQuestions(300)
      try await repository.save(contentsOf: questions)
      // Enough removals to make the cache compact its storage.
      let kept = questions.enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
      let keptIDs = Set(kept.map(\.id))
      try await repository.delete(ids: questions.map(\.id).filter { !keptIDs.contains($0) })
      #expect(await repository.loadAll() == kept)
      for question in kept { #expect(await repository.find(by: question.id) == question) }
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func loadAllReflectsEveryChangeBetweenCalls(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let questions = sampleQuestions(3)
      try await repository.save(questions[0])
      #expect(await repository.loadAll() == [questions[0]])
      #expect(await repository.loadAll() == [questions[0]])
      try await repository.save(contentsOf: questions[1...])
      #expect(await repository.loadAll() == questions)
      try await repository.delete(questions[0].id)
      #expect(await repository.loadAll() == Array(questions[1...]))
      try await repository.delete(ids: [UUID()])
      #expect(await repository.loadAll() == Array(questions[1...]))
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func concurrentSavesAllLand(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let questions = sampleQuestions(200)
      try await withThrowingTaskGroup(of: Void.self) { group in
        for question in questions { group.addTask { try await repository.save(question) } }
        try await group.waitForAll()
      }
      #expect(Set(await repository.loadAll().map(\.id)) == Set(questions.map(\.id)))
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func insertStoresANewItemAndLeavesATakenIDAlone(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let question = Question(prompt: "first", answer: "a")
      let insertedFirst = try await repository.insert(question)
      #expect(insertedFirst)
      var rival = question
      rival.prompt = "second"
      let insertedRival = try await repository.insert(rival)
      #expect(!insertedRival)
      #expect(await repository.find(by: question.id) == question)
      let other = Question(prompt: "other", answer: "a")
      let insertedOther = try await repository.insert(other)
      #expect(insertedOther)
      #expect(await repository.loadAll() == [question, other])
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func concurrentInsertsOfOneIDStoreExactlyOne(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let id = UUID()
      let rivals = (0..<20).map { Question(id: id, prompt: "rival \($0)", answer: "a") }
      let winners = try await withThrowingTaskGroup(of: Question?.self) { group in
        for rival in rivals {
          group.addTask { try await repository.insert(rival) ? rival : nil }
        }
        return try await group.compactMap { $0 }.reduce(into: []) { $0.append($1) }
      }
      try #require(winners.count == 1)
      #expect(await repository.loadAll() == winners)
    }
  }
}

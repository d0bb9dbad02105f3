// One behavioural suite that every Repository implementation must pass, run on __MODEL__.

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
  /// exists until `body` returns, and is reopened afterwards to check what reached the disk.
  func withEmptyRepository(
    _ body: (any Repository<__MODEL__>) async throws -> Void
  ) async throws {
    let folder = try TemporaryDirectory(prefix: "__NAME__Tests")
    defer { withExtendedLifetime(folder) {} }
    switch self {
    case .inMemory:
      try await body(InMemoryRepository<__MODEL__>())
    case .journal, .rewrite:
      var configuration = StoreConfiguration()
      configuration.strategy = self == .journal ? .journal : .rewrite
      let repository = try LocalRepository<__MODEL__>(
        directory: folder.url, filename: "store.json", configuration: configuration)
      try await body(repository)
      let reopened = try LocalRepository<__MODEL__>(
        directory: folder.url, filename: "store.json", configuration: configuration)
      #expect(await reopened.loadAll() == repository.loadAll())
    }
  }
}

/// `count` distinct values with predictable titles.
func sample__MODEL__s(_ count: Int) -> [__MODEL__] {
  (0..<count).map { __MODEL__(title: "Title \($0)", notes: "Notes \($0)", tags: ["t\($0 % 3)"]) }
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
      let item = __MODEL__(title: "t")
      try await repository.save(item)
      #expect(await repository.find(by: item.id) == item)
      #expect(await repository.find(by: UUID()) == nil)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func loadAllKeepsInsertionOrder(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let items = sample__MODEL__s(50)
      for item in items { try await repository.save(item) }
      #expect(await repository.loadAll() == items)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func savingAnExistingIDReplacesItInPlace(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      var items = sample__MODEL__s(3)
      try await repository.save(contentsOf: items)
      items[1].notes = "changed"
      try await repository.save(items[1])
      #expect(await repository.loadAll() == items)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func deleteRemovesOnlyThatItem(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let items = sample__MODEL__s(3)
      try await repository.save(contentsOf: items)
      try await repository.delete(items[1].id)
      #expect(await repository.loadAll() == [items[0], items[2]])
      try await repository.delete(UUID())  // Unknown ids are ignored.
      #expect(await repository.loadAll().count == 2)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func batchOperationsApplyEveryItem(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let items = sample__MODEL__s(200)
      try await repository.save(contentsOf: items)
      #expect(await repository.loadAll() == items)
      let removed = Set(items.indices.filter { $0 % 2 == 0 }.map { items[$0].id })
      try await repository.delete(ids: removed)
      #expect(await repository.loadAll() == items.filter { !removed.contains($0.id) })
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func laterDuplicateInABatchWins(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let first = __MODEL__(title: "first")
      var second = first
      second.title = "second"
      try await repository.save(contentsOf: [first, second])
      #expect(await repository.loadAll() == [second])
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func deletedThenSavedItemMovesToTheEnd(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let items = sample__MODEL__s(3)
      try await repository.save(contentsOf: items)
      try await repository.delete(items[0].id)
      try await repository.save(items[0])
      #expect(await repository.loadAll() == [items[1], items[2], items[0]])
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func concurrentSavesAllLand(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let items = sample__MODEL__s(200)
      try await withThrowingTaskGroup(of: Void.self) { group in
        for item in items { group.addTask { try await repository.save(item) } }
        try await group.waitForAll()
      }
      #expect(Set(await repository.loadAll().map(\.id)) == Set(items.map(\.id)))
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func insertStoresANewItemAndLeavesATakenIDAlone(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let item = __MODEL__(title: "first")
      let insertedFirst = try await repository.insert(item)
      #expect(insertedFirst)
      var rival = item
      rival.title = "second"
      let insertedRival = try await repository.insert(rival)
      #expect(!insertedRival)
      #expect(await repository.find(by: item.id) == item)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func concurrentInsertsOfOneIDStoreExactlyOne(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let id = UUID()
      let rivals = (0..<20).map { __MODEL__(id: id, title: "rival \($0)") }
      let winners = try await withThrowingTaskGroup(of: __MODEL__?.self) { group in
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

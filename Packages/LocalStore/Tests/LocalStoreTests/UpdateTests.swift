// Read-modify-write: `update(_:_:)` never loses a change saved between its read and its save.

import Foundation
import LocalStore
import LocalStoreTestSupport
import Testing

@Suite struct UpdateTests {
  struct Refused: Error {}

  /// Not a test of waiting: under the thread sanitizer on a loaded machine, a turn at the
  /// store's lock between two busy repositories took more than the default 10 s.
  static var patient: StoreConfiguration {
    var configuration = StoreConfiguration()
    configuration.lockTimeout = .seconds(120)
    return configuration
  }

  /// Appends "x" to the note's text `count` times at once, each from a task of its own,
  /// through `update`, the way screens that each add a tag would.
  static func appendConcurrently(
    count: Int, to id: UUID, through update: @escaping @Sendable () async throws -> Void
  ) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<count { group.addTask { try await update() } }
      try await group.waitForAll()
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func anUpdateChangesTheItemAndReturnsIt(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let note = Note(title: "p", text: "a")
      try await repository.save(note)
      let updated = try await repository.update(note.id) { $0.tags.append("french") }
      #expect(updated?.tags == ["french"])
      #expect(await repository.find(by: note.id)?.tags == ["french"])
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func aMissingItemIsNotCreatedAndTheTransformNotCalled(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let called = Guarded(false)
      let updated = try await repository.update(UUID()) { _ in called.withLock { $0 = true } }
      #expect(updated == nil)
      #expect(!called.withLock { $0 })
      #expect(await repository.loadAll().isEmpty)
    }
  }

  @Test(arguments: RepositoryKind.allCases)
  func aTransformThatThrowsChangesNothing(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let note = Note(title: "p", text: "a")
      try await repository.save(note)
      await #expect(throws: Refused.self) {
        try await repository.update(note.id) { note in
          note.text = "half done"
          throw Refused()
        }
      }
      #expect(await repository.find(by: note.id) == note)
    }
  }

  /// Through the protocol (a conformer's `save(_:if:)`, tried again on a conflict): 40
  /// appends at once all land, whatever the repository.
  @Test(arguments: RepositoryKind.allCases)
  func concurrentUpdatesThroughTheProtocolAllLand(kind: RepositoryKind) async throws {
    try await kind.withEmptyRepository { repository in
      let note = Note(title: "counter")
      try await repository.save(note)
      try await Self.appendConcurrently(count: 40, to: note.id) {
        _ = try await repository.update(note.id) { $0.text += "x" }
      }
      #expect(await repository.find(by: note.id)?.text.count == 40)
    }
  }

  /// Through the protocol, on two repositories on the same files: each reads its own cache,
  /// which does not know the other's saves until its next change catches up, so only an
  /// update that reads the item under the lock after catching up keeps every append.
  @Test func concurrentUpdatesThroughTheProtocolOnTwoRepositoriesAllLand() async throws {
    let folder = try TemporaryDirectory()
    let note = Note(title: "counter")
    try await LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: Self.patient
    ).save(note)
    // Both opened once the note is there: `find(by:)` says what a repository has read.
    let repositories: [any Repository<Note>] = [
      try LocalRepository<Note>(
        directory: folder.url, filename: "q.json", configuration: Self.patient),
      try LocalRepository<Note>(
        directory: folder.url, filename: "q.json", configuration: Self.patient),
    ]
    try await Self.appendConcurrently(count: 40, to: note.id) {
      let repository = repositories[Int.random(in: 0...1)]
      _ = try await repository.update(note.id) { $0.text += "x" }
    }
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.find(by: note.id)?.text.count == 40)
  }

  /// Two repositories on the same files, as two processes would be, each appending at once:
  /// every append lands, and each transform runs once (it is called under the store's lock,
  /// after catching up, so it never works on an item another writer has since replaced).
  @Test func twoRepositoriesOnOneStoreLoseNoUpdate() async throws {
    let folder = try TemporaryDirectory()
    let first = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: Self.patient)
    let second = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: Self.patient)
    let note = Note(title: "counter")
    try await first.save(note)
    let calls = Guarded(0)
    try await Self.appendConcurrently(count: 60, to: note.id) {
      let repository = Bool.random() ? first : second
      _ = try await repository.update(note.id) { note in
        calls.withLock { $0 += 1 }
        note.text += "x"
      }
    }
    #expect(calls.withLock { $0 } == 60, "a transform ran more than once")
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.find(by: note.id)?.text.count == 60)
  }

  @Test func aTransformThatThrowsWritesNothingToTheFiles() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let note = Note(title: "p", text: "a")
    try await repository.save(note)
    let journal = folder.appending("q.json.journal")
    let before = try? Data(contentsOf: journal)
    await #expect(throws: Refused.self) {
      try await repository.update(note.id) { _ in throw Refused() }
    }
    #expect((try? Data(contentsOf: journal)) == before)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == [note])
  }

  @Test func anInMemoryUpdateCallsItsTransformOnce() async throws {
    let note = Note(title: "counter")
    let repository = InMemoryRepository([note])
    let calls = Guarded(0)
    try await Self.appendConcurrently(count: 30, to: note.id) {
      _ = try await repository.update(note.id) { note in
        calls.withLock { $0 += 1 }
        note.text += "x"
      }
    }
    #expect(calls.withLock { $0 } == 30)
    #expect(await repository.find(by: note.id)?.text.count == 30)
  }
}

/// `update(_:_:)` is a requirement of ``Repository``: through the protocol, each store runs
/// its own update, in one step, not the retrying version built on `save(_:if:)`.
@Suite struct UpdateThroughTheProtocolTests {
  /// A counter whose type is not `Equatable`: only a store's own `update` can change it.
  struct Counter: Codable, Identifiable, Sendable {
    var id = UUID()
    var count = 0
  }

  /// Adds one to the counter `id` through any repository of counters.
  static func increment(
    _ id: UUID, in repository: some Repository<Counter>
  ) async throws -> Counter? {
    try await repository.update(id) { $0.count += 1 }
  }

  @Test func aTypeThatIsNotEquatableIsUpdatedThroughTheProtocol() async throws {
    let folder = try TemporaryDirectory()
    let counter = Counter()
    let local = try LocalRepository<Counter>(directory: folder.url, filename: "c.json")
    try await local.save(counter)
    let memory = InMemoryRepository([counter])
    #expect(try await Self.increment(counter.id, in: local)?.count == 1)
    #expect(try await Self.increment(counter.id, in: memory)?.count == 1)
    let reopened = try LocalRepository<Counter>(directory: folder.url, filename: "c.json")
    #expect(await reopened.find(by: counter.id)?.count == 1)
  }

  /// A repository whose cache is behind another writer's save: through `any Repository`, the
  /// update reads that save first and calls its transform once. The version built on
  /// `save(_:if:)` would call it on the stale item, be refused, and call it again.
  @Test func anUpdateThroughTheProtocolCatchesUpFirstAndTransformsOnce() async throws {
    let folder = try TemporaryDirectory()
    let writer = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let note = Note(title: "p", text: "")
    try await writer.save(note)
    let behind: any Repository<Note> = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json")
    _ = try await writer.update(note.id) { $0.text += "a" }
    #expect(await behind.find(by: note.id)?.text == "", "the second repository is behind")
    let calls = Guarded(0)
    let updated = try await behind.update(note.id) { note in
      calls.withLock { $0 += 1 }
      note.text += "b"
    }
    #expect(updated?.text == "ab")
    #expect(calls.withLock { $0 } == 1, "the transform ran on a stale item first")
  }
}

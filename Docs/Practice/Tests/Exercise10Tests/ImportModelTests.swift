// Checks exercise 10: importing many lines costs one call to the store, not one per line.

import ExerciseSupport
import Persistence
import Testing

@testable import Exercise10

/// A store in memory that counts the calls that change it; when `refusing`, every batch is
/// refused, as a full disk refuses it.
actor CountingRepository: Repository {
  struct DiskFull: Error {}
  private var notes: [Note] = []
  private(set) var calls = 0
  private let refusing: Bool
  /// When set, each batch waits for the next one, so that two imports return together.
  private let batchesInPairs: Arrivals?

  init(refusing: Bool = false, batchesInPairs: Bool = false) {
    self.refusing = refusing
    self.batchesInPairs = batchesInPairs ? Arrivals(expected: 2) : nil
  }

  func save(_ item: Note) throws {
    calls += 1
    if refusing { throw DiskFull() }
    notes.removeAll { $0.id == item.id }
    notes.append(item)
  }

  func save<Items: Sequence & Sendable>(contentsOf items: Items) async throws
  where Items.Element == Note {
    await batchesInPairs?.arrive()
    calls += 1
    if refusing { throw DiskFull() }
    for item in items {
      notes.removeAll { $0.id == item.id }
      notes.append(item)
    }
  }

  func insert(_ item: Note) -> Bool {
    calls += 1
    guard find(by: item.id) == nil else { return false }
    notes.append(item)
    return true
  }

  func save(_ item: Note, if condition: @Sendable (Note?) -> Bool) -> Bool {
    calls += 1
    guard condition(find(by: item.id)) else { return false }
    notes.removeAll { $0.id == item.id }
    notes.append(item)
    return true
  }

  func delete(_ id: Note.ID) {
    calls += 1
    notes.removeAll { $0.id == id }
  }

  func delete<IDs: Sequence & Sendable>(ids: IDs) where IDs.Element == Note.ID {
    calls += 1
    let doomed = Set(ids)
    notes.removeAll { doomed.contains($0.id) }
  }

  func find(by id: Note.ID) -> Note? {
    notes.first { $0.id == id }
  }

  func loadAll() -> [Note] {
    notes
  }

  func changes() -> RepositoryChanges<Note.ID> {
    .finished
  }

  func synchronize() {}
}

@MainActor @Suite struct ImportModelTests {
  let pasted = (1...200).map { "Question \($0)" }.joined(separator: "\n") + "\n\n"

  @Test func everyLineBecomesANote() async throws {
    let repository = CountingRepository()
    let model = ImportModel(repository: repository)
    try await model.importLines(pasted)
    #expect(model.imported == 200, "the screen counts \(model.imported) of 200 imported notes")
    #expect(await repository.loadAll().map(\.text) == (1...200).map { "Question \($0)" })
  }

  @Test func importIsOneCallToTheStore() async throws {
    let repository = CountingRepository()
    let model = ImportModel(repository: repository)
    try await model.importLines(pasted)
    let calls = await repository.calls
    #expect(
      calls == 1,
      "200 lines cost \(calls) calls to the store (each a hop and a durable write): save them in one call"
    )
  }

  /// A batch the store refused imported nothing, and the screen must not count it.
  @Test func refusedImportCountsNothing() async throws {
    let repository = CountingRepository(refusing: true)
    let model = ImportModel(repository: repository)
    await #expect(throws: CountingRepository.DiskFull.self) { try await model.importLines(pasted) }
    #expect(
      model.imported == 0,
      "the store refused the batch and the screen says \(model.imported) notes were imported: count them once they are stored"
    )
  }

  /// Two pastes imported at once, whose batches the store finishes together: the count is the
  /// sum of both, even when one import reads the count, suspends, and writes it back.
  @Test func twoImportsAtOnceCountBoth() async throws {
    let model = ImportModel(repository: CountingRepository(batchesInPairs: true))
    async let first: Void = model.importLines(pasted)
    async let second: Void = model.importLines(pasted)
    _ = try await (first, second)
    #expect(model.imported == 400, "two imports of 200 notes at once counted \(model.imported)")
  }
}

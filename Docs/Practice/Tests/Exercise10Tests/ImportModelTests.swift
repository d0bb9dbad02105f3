// Checks exercise 10: importing many lines costs one call to the store, not one per line.

import Foundation
import LocalStore
import Testing

@testable import Exercise10

/// A store in memory that counts the calls that change it; when `refusing`, every batch is
/// refused, as a full disk refuses it.
actor CountingRepository: Repository {
  struct DiskFull: Error {}
  private var notes: [Note] = []
  private(set) var calls = 0
  private let refusing: Bool
  /// How many batches have arrived, and how many have been stored, readable without a hop to
  /// the actor.
  let arrivedBatches = LockedCount()
  let storedBatches = LockedCount()
  /// When set, batches wait until it is raised above zero.
  let batchGate: LockedCount?

  init(refusing: Bool = false, holdingBatches: Bool = false) {
    self.refusing = refusing
    batchGate = holdingBatches ? LockedCount() : nil
  }

  func save(_ item: Note) throws {
    calls += 1
    if refusing { throw DiskFull() }
    notes.removeAll { $0.id == item.id }
    notes.append(item)
  }

  func save<Items: Sequence & Sendable>(contentsOf items: Items) async throws
  where Items.Element == Note {
    arrivedBatches.increment()
    while let batchGate, batchGate.value == 0 { try? await Task.sleep(for: .milliseconds(1)) }
    calls += 1
    if refusing { throw DiskFull() }
    for item in items {
      notes.removeAll { $0.id == item.id }
      notes.append(item)
    }
    storedBatches.increment()
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

  /// Two pastes imported at once: the count is the sum of both, even when one import reads
  /// the count, suspends, and writes it back. Both batches wait in the store; the test then
  /// holds the main actor while the store finishes them, so that both imports go on together
  /// when it lets go.
  @Test func twoImportsAtOnceCountBoth() async throws {
    let repository = CountingRepository(holdingBatches: true)
    let model = ImportModel(repository: repository)
    let first = Task { try await model.importLines(pasted) }
    let second = Task { try await model.importLines(pasted) }
    for _ in 0..<10_000 where repository.arrivedBatches.value < 2 {
      try await Task.sleep(for: .milliseconds(1))
    }
    holdTheMainActor(until: { repository.storedBatches.value == 2 }) {
      repository.batchGate?.increment()
    }
    try await first.value
    try await second.value
    #expect(model.imported == 400, "two imports of 200 notes at once counted \(model.imported)")
  }
}

/// Runs `start`, then blocks the calling thread (here the main actor's) until `condition`
/// holds, and a moment more, so that the tasks that resume once it holds all wait for the
/// main actor.
func holdTheMainActor(until condition: () -> Bool, after start: () -> Void) {
  start()
  for _ in 0..<10_000 where !condition() { usleep(1_000) }
  usleep(50_000)
}

/// A count that any thread may read and raise.
final class LockedCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  var value: Int { lock.withLock { count } }

  func increment() { lock.withLock { count += 1 } }
}

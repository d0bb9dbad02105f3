// A repository's executor takes waiting jobs by priority, and in arrival order within one.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct ExecutorPriorityTests {
  /// While the actor is held, 150 jobs at `.low` queue up one by one, then one at `.high`.
  /// Once let go, the `.high` job runs first and the `.low` ones follow in the order they
  /// came: enough of them that the lane is trimmed while it drains.
  @Test func aHigherPriorityJobRunsBeforeTheJobsQueuedAheadOfIt() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "notes.json")
    let log = Guarded<[String]>([])
    let gate = DispatchSemaphore(value: 0)
    let entered = Guarded(0)

    let holder = Task { await repository.hold(until: gate, signalling: entered) }
    try await waitUntil(entered, reaches: 1)
    var waiting: [Task<Void, Never>] = []
    for number in 0..<150 {
      waiting.append(Task(priority: .low) { await repository.note("low \(number)", in: log) })
      try await waitUntil(repository, hasWaiting: number + 1)
    }
    waiting.append(Task(priority: .high) { await repository.note("high", in: log) })
    try await waitUntil(repository, hasWaiting: 151)
    gate.signal()
    await holder.value
    for task in waiting { await task.value }

    let order = log.read { $0 }
    #expect(order == ["high"] + (0..<150).map { "low \($0)" })
  }

  /// A `.low` save lets the `.low` jobs queued after it run before it flushes; a `.high` save
  /// that comes meanwhile must not wait behind them for that flush: it leads one of its own,
  /// at its priority, which covers the `.low` record too. Here a `.low` job queued before the
  /// `.low` save looks again looks, on the actor, whether any save still follows a flush:
  /// none does only if the `.high` save's flush ran first.
  @Test func aHigherPrioritySaveDoesNotWaitForALowerPrioritySync() async throws {
    let folder = try TemporaryDirectory()
    var configuration = StoreConfiguration()
    // However slow the machine: a turn given to other writers would make the high save wait
    // for the low one's sync, which is not what this test is about.
    configuration.longestLockHold = .seconds(3600)
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "notes.json", configuration: configuration)
    let log = Guarded<[String]>([])
    let firstGate = DispatchSemaphore(value: 0)
    let secondGate = DispatchSemaphore(value: 0)
    let entered = Guarded(0)
    // The first change writes the snapshot, durable at once; later ones go to the journal.
    try await repository.save(Note(title: "first"))

    let holder = Task { await repository.hold(until: firstGate, signalling: entered) }
    try await waitUntil(entered, reaches: 1)
    let lowSave = Task(priority: .low) { try await repository.save(Note(title: "low")) }
    try await waitUntil(repository, hasWaiting: 1)
    let secondHolder = Task(priority: .low) {
      await repository.hold(until: secondGate, signalling: entered)
    }
    try await waitUntil(repository, hasWaiting: 2)
    let watcher = Task(priority: .low) { await repository.noteWaitingSaves(in: log) }
    try await waitUntil(repository, hasWaiting: 3)
    firstGate.signal()
    // The low save appended and let the jobs queued behind it go first; the second holder
    // runs. Behind it wait the watcher and, soon, the low save itself; the high save joins
    // them.
    try await waitUntil(entered, reaches: 2)
    let queued = repository.executor.waitingJobCount
    let highSave = Task(priority: .high) { try await repository.save(Note(title: "high")) }
    try await waitUntil(repository, hasWaiting: queued + 1)
    secondGate.signal()
    try await highSave.value
    try await lowSave.value
    for task in [holder, secondHolder, watcher] { await task.value }

    #expect(log.read { $0 } == ["0 saves waiting for a sync"])
    #expect(await repository.loadAll().count == 3)
  }
}

extension LocalRepository {
  /// Notes in `log` how many saves follow a flush of the journal under way, on the actor.
  fileprivate func noteWaitingSaves(in log: Guarded<[String]>) {
    let count = engine.sync.followers.count
    log.withLock { $0.append("\(count) saves waiting for a sync") }
  }

  /// Appends `name` to `log`, on the actor.
  fileprivate func note(_ name: String, in log: Guarded<[String]>) {
    log.withLock { $0.append(name) }
  }
}

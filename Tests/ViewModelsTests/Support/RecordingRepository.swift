// A repository double that counts subscriptions and syncs, and keeps its items in memory.

import LocalStore

/// An ``InMemoryRepository`` that also counts the calls a view model makes that leave no
/// trace in the items: how many subscriptions ``changes()`` handed out and how many
/// ``synchronize()`` calls returned.
///
/// It runs on the executor of the repository it wraps, so that its synchronous
/// ``changes()`` can hand out that repository's subscription (`assumeIsolated`), changes
/// included.
actor RecordingRepository<Item: Identifiable & Sendable>: Repository where Item.ID: Sendable {
  /// How many times ``changes()`` was called: one per subscription.
  private(set) var subscriptionCount = 0
  /// How many ``synchronize()`` calls returned without an error.
  private(set) var synchronizeCount = 0
  /// How many changes the store held when ``synchronize()`` last returned.
  private(set) var changesSynchronized = 0
  private var changeCount = 0
  private var synchronizeFailure: (any Error)?
  private let stored: InMemoryRepository<Item>

  /// A repository holding `items`, in order.
  init(_ items: [Item] = []) {
    stored = InMemoryRepository(items)
  }

  /// The wrapped repository's executor: both actors are one serial queue of work.
  nonisolated var unownedExecutor: UnownedSerialExecutor { stored.unownedExecutor }

  /// Makes every following ``synchronize()`` throw `error`; `nil` restores normal behaviour.
  func failSynchronize(with error: (any Error & Sendable)?) {
    synchronizeFailure = error
  }

  func save(_ item: Item) async throws {
    try await stored.save(item)
    changeCount += 1
  }

  func save<Items: Sequence & Sendable>(contentsOf items: Items) async throws
  where Items.Element == Item {
    try await stored.save(contentsOf: items)
    changeCount += 1
  }

  func insert(_ item: Item) async throws -> Bool {
    let inserted = try await stored.insert(item)
    if inserted { changeCount += 1 }
    return inserted
  }

  func save(_ item: Item, if condition: @Sendable (Item?) -> Bool) async throws -> Bool {
    let saved = try await stored.save(item, if: condition)
    if saved { changeCount += 1 }
    return saved
  }

  func update(
    _ id: Item.ID, _ transform: @Sendable (inout Item) throws -> Void
  ) async throws -> Item? {
    let updated = try await stored.update(id, transform)
    if updated != nil { changeCount += 1 }
    return updated
  }

  func delete(_ id: Item.ID) async throws {
    try await stored.delete(id)
    changeCount += 1
  }

  func delete<IDs: Sequence & Sendable>(ids: IDs) async throws where IDs.Element == Item.ID {
    try await stored.delete(ids: ids)
    changeCount += 1
  }

  func find(by id: Item.ID) async -> Item? {
    await stored.find(by: id)
  }

  func loadAll() async -> [Item] {
    await stored.loadAll()
  }

  func changes() -> RepositoryChanges<Item.ID> {
    subscriptionCount += 1
    return stored.assumeIsolated { $0.changes() }
  }

  func synchronize() async throws {
    if let synchronizeFailure { throw synchronizeFailure }
    synchronizeCount += 1
    changesSynchronized = changeCount
  }
}

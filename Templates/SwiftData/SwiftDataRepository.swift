// Two SwiftData repositories: one on the main context for UI-sized work, one on a background actor.

#if canImport(SwiftData)
  import Foundation
  import SwiftData

  /// The order of every read: oldest first, then by id, so rows created in the same instant
  /// keep one order and pages never skip or repeat a row.
  /// `nonisolated`: in an app target whose default isolation is the main actor, it would
  /// otherwise be main-actor and unusable from ``BackgroundRepository``.
  nonisolated private func stableOrder() -> [SortDescriptor<ExampleItem>] {
    [SortDescriptor(\ExampleItem.createdAt), SortDescriptor(\ExampleItem.id)]
  }

  nonisolated extension ModelContext {
    /// Inserts each snapshot of `batch`, or updates the model that has its id, looking every
    /// existing model up with one fetch (`#Predicate` over the batch's ids) rather than one
    /// fetch per item; a later snapshot with the same id wins. Run it inside `transaction`.
    fileprivate func upsert(_ batch: [ExampleItem.Snapshot]) throws {
      let ids = batch.map(\.id)
      let existing = try fetch(
        FetchDescriptor<ExampleItem>(predicate: #Predicate { ids.contains($0.id) }))
      var byID = Dictionary(existing.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      for snapshot in batch {
        if let model = byID[snapshot.id] {
          model.update(from: snapshot)
        } else {
          let model = ExampleItem(snapshot)
          insert(model)
          byID[snapshot.id] = model
        }
      }
    }
  }

  /// A repository on the container's `mainContext`, for the few rows a screen shows and edits.
  ///
  /// Everything runs on the main thread, so keep it to UI-sized work: a save of one item, a
  /// fetch of a screenful. The main context autosaves, but this class saves explicitly with
  /// each change (`transaction` saves at its end) so that a change that returned is in the
  /// store.
  @MainActor
  final class MainContextRepository: SnapshotRepository {
    private let context: ModelContext

    /// A repository on `container`'s main context.
    init(container: ModelContainer) {
      context = container.mainContext
    }

    func save(_ item: ExampleItem.Snapshot) throws {
      try save(contentsOf: [item])
    }

    /// Stores the batch in one `transaction` (one save), with one fetch for the lot.
    func save<Items: Sequence & Sendable>(contentsOf items: Items) throws
    where Items.Element == ExampleItem.Snapshot {
      let batch = Array(items)
      try context.transaction { try context.upsert(batch) }
    }

    /// Checks and inserts in this one context, with nothing in between; see
    /// ``BackgroundRepository/insert(_:)`` for what another context can still do.
    func insert(_ item: ExampleItem.Snapshot) throws -> Bool {
      var inserted = false
      try context.transaction {
        guard try model(withID: item.id) == nil else { return }
        context.insert(ExampleItem(item))
        inserted = true
      }
      return inserted
    }

    func delete(_ id: UUID) throws {
      try delete(ids: [id])
    }

    func delete<IDs: Sequence & Sendable>(ids: IDs) throws where IDs.Element == UUID {
      let wanted = Array(ids)
      guard !wanted.isEmpty else { return }  // A nil predicate would delete every row.
      try context.delete(model: ExampleItem.self, where: #Predicate { wanted.contains($0.id) })
      try context.save()
    }

    func find(by id: UUID) throws -> ExampleItem.Snapshot? {
      try model(withID: id)?.snapshot
    }

    func loadAll() throws -> [ExampleItem.Snapshot] {
      try context.fetch(FetchDescriptor<ExampleItem>(sortBy: stableOrder())).map(\.snapshot)
    }

    private func model(withID id: UUID) throws -> ExampleItem? {
      var descriptor = FetchDescriptor<ExampleItem>(predicate: #Predicate { $0.id == id })
      descriptor.fetchLimit = 1
      return try context.fetch(descriptor).first
    }
  }

  /// A repository on its own `ModelContext`, for imports, paging and anything large.
  ///
  /// `@ModelActor` gives the actor a context bound to its executor. Which thread that is
  /// depends on where the actor was created: made on the main actor, its work runs on the main
  /// thread. Create it with ``make(container:)``, which builds it off the main actor.
  @ModelActor
  actor BackgroundRepository: PagingSnapshotRepository {
    /// A repository whose context works off the main thread, whatever the caller's actor.
    static func make(container: ModelContainer) async -> BackgroundRepository {
      await Task.detached { BackgroundRepository(modelContainer: container) }.value
    }

    func save(_ item: ExampleItem.Snapshot) throws {
      try save(contentsOf: [item])
    }

    /// Stores the batch in one `transaction` (one save, one notification), looking the
    /// existing rows up with one fetch rather than one per item.
    func save<Items: Sequence & Sendable>(contentsOf items: Items) throws
    where Items.Element == ExampleItem.Snapshot {
      let batch = Array(items)
      try modelContext.transaction { try modelContext.upsert(batch) }
    }

    /// Stores `item` only if its id is free: the check and the insert run in this actor's one
    /// context, in one `transaction` (one save), with no suspension in between.
    ///
    /// Two contexts do not see each other's unsaved rows, and `@Attribute(.unique)` turns a
    /// second insert of an id into an update, so a check in one context and an insert in
    /// another would both answer `true`. Send every `insert` of a store through one
    /// repository (share one ``BackgroundRepository``) to keep the answer true.
    func insert(_ item: ExampleItem.Snapshot) throws -> Bool {
      let id = item.id
      var inserted = false
      try modelContext.transaction {
        let taken = try modelContext.fetchCount(
          FetchDescriptor<ExampleItem>(predicate: #Predicate { $0.id == id }))
        guard taken == 0 else { return }
        modelContext.insert(ExampleItem(item))
        inserted = true
      }
      return inserted
    }

    func delete(_ id: UUID) throws {
      try delete(ids: [id])
    }

    /// Deletes in one statement with `delete(model:where:)`, without fetching the rows.
    func delete<IDs: Sequence & Sendable>(ids: IDs) throws where IDs.Element == UUID {
      let wanted = Array(ids)
      guard !wanted.isEmpty else { return }  // A nil predicate would delete every row.
      try modelContext.delete(
        model: ExampleItem.self, where: #Predicate { wanted.contains($0.id) })
      try modelContext.save()
    }

    func find(by id: UUID) throws -> ExampleItem.Snapshot? {
      var descriptor = FetchDescriptor<ExampleItem>(predicate: #Predicate { $0.id == id })
      descriptor.fetchLimit = 1
      return try modelContext.fetch(descriptor).first?.snapshot
    }

    func loadAll() throws -> [ExampleItem.Snapshot] {
      try modelContext.fetch(FetchDescriptor<ExampleItem>(sortBy: stableOrder())).map(\.snapshot)
    }

    func count() throws -> Int {
      try modelContext.fetchCount(FetchDescriptor<ExampleItem>())
    }

    /// One page in the stable order; `fetchLimit` nil would mean every row, so it is always set.
    func page(offset: Int, limit: Int) throws -> [ExampleItem.Snapshot] {
      var descriptor = FetchDescriptor<ExampleItem>(sortBy: stableOrder())
      descriptor.fetchOffset = max(offset, 0)
      descriptor.fetchLimit = max(limit, 0)
      return try modelContext.fetch(descriptor).map(\.snapshot)
    }
  }
#endif

// The repository shape of `Persistence`, for SwiftData: Sendable value snapshots in and out.

#if canImport(SwiftData)
  import Foundation

  /// The operations every store of identifiable values offers, as in `Persistence`, over
  /// `Sendable` snapshots.
  ///
  /// A SwiftData store holds `@Model` objects, which are not `Sendable` and belong to the
  /// `ModelContext` that fetched them. A repository built on it therefore never hands one out:
  /// callers pass and receive plain value snapshots (``ExampleItem/Snapshot``), and the model
  /// objects stay inside the actor that owns the context. Two differences from `Persistence`:
  /// every method is `async` so a `@MainActor` class and a `@ModelActor` actor can both
  /// conform, and reads throw because a fetch can fail.
  ///
  /// It is not called `Repository`, so that an app importing `Persistence` as well sees no
  /// clash with `Persistence.Repository`. `nonisolated` keeps its requirements off the main
  /// actor in an Xcode 26 app target, whose default isolation is the main actor: the
  /// `@ModelActor` repository must be able to conform.
  nonisolated protocol SnapshotRepository<Item>: Sendable {
    /// The value snapshot stored and returned.
    associatedtype Item: Identifiable & Sendable where Item.ID: Sendable

    /// Stores `item`, replacing the one with the same id.
    func save(_ item: Item) async throws
    /// Stores every item in one transaction; a later duplicate id wins.
    func save<Items: Sequence & Sendable>(contentsOf items: Items) async throws
    where Items.Element == Item
    /// Stores `item` only if its id is free; `false` when it is taken.
    func insert(_ item: Item) async throws -> Bool
    /// Deletes the item with `id`; an unknown id is ignored.
    func delete(_ id: Item.ID) async throws
    /// Deletes every item whose id is in `ids`, in one statement.
    func delete<IDs: Sequence & Sendable>(ids: IDs) async throws where IDs.Element == Item.ID
    /// The item with `id`, if any.
    func find(by id: Item.ID) async throws -> Item?
    /// Every item, oldest first, with the id as tiebreaker so the order never changes.
    func loadAll() async throws -> [Item]
  }

  /// A repository that can also count and page, for stores too large to load at once.
  nonisolated protocol PagingSnapshotRepository<Item>: SnapshotRepository {
    /// How many items are stored, counted by the store without loading them.
    func count() async throws -> Int
    /// At most `limit` items after skipping `offset`, in ``SnapshotRepository/loadAll()``'s order.
    func page(offset: Int, limit: Int) async throws -> [Item]
  }
#endif

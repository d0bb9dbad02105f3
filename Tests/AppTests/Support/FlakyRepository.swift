// A repository whose first few changes fail, to rehearse a retry that then succeeds; it counts its synchronizations.

import LocalStore

/// An in-memory ``Repository`` that throws `error` from its first `failures` changes, and
/// counts the calls of ``synchronize()`` (throwing `error` from them too with
/// `failingSynchronize`).
actor FlakyRepository<Item: Identifiable & Sendable>: Repository where Item.ID: Sendable {
  private var items: [Item] = []
  private var failuresLeft: Int
  private let error: any Error & Sendable
  private let failingSynchronize: Bool
  /// How many times ``synchronize()`` was called.
  private(set) var synchronizations = 0

  /// Creates an empty repository whose first `failures` changes throw `error`.
  init(
    failures: Int, with error: any Error & Sendable, failingSynchronize: Bool = false,
    items: [Item] = []
  ) {
    failuresLeft = failures
    self.error = error
    self.failingSynchronize = failingSynchronize
    self.items = items
  }

  func save(_ item: Item) throws {
    try save(contentsOf: [item])
  }

  func save<Items: Sequence & Sendable>(contentsOf items: Items) throws
  where Items.Element == Item {
    try failIfDue()
    for item in items {
      if let index = self.items.firstIndex(where: { $0.id == item.id }) {
        self.items[index] = item
      } else {
        self.items.append(item)
      }
    }
  }

  func insert(_ item: Item) throws -> Bool {
    try failIfDue()
    guard find(by: item.id) == nil else { return false }
    items.append(item)
    return true
  }

  func save(_ item: Item, if condition: @Sendable (Item?) -> Bool) throws -> Bool {
    guard condition(find(by: item.id)) else { return false }
    try save(item)
    return true
  }

  func update(_ id: Item.ID, _ transform: @Sendable (inout Item) throws -> Void) throws -> Item? {
    guard var item = find(by: id) else { return nil }
    try transform(&item)
    try save(item)
    return item
  }

  func delete(_ id: Item.ID) throws {
    try delete(ids: [id])
  }

  func delete<IDs: Sequence & Sendable>(ids: IDs) throws where IDs.Element == Item.ID {
    try failIfDue()
    let doomed = Array(ids)
    items.removeAll { doomed.contains($0.id) }
  }

  func find(by id: Item.ID) -> Item? {
    items.first { $0.id == id }
  }

  func loadAll() -> [Item] {
    items
  }

  func changes() -> RepositoryChanges<Item.ID> {
    .finished
  }

  func synchronize() throws {
    synchronizations += 1
    if failingSynchronize { throw error }
  }

  private func failIfDue() throws {
    guard failuresLeft > 0 else { return }
    failuresLeft -= 1
    throw error
  }
}

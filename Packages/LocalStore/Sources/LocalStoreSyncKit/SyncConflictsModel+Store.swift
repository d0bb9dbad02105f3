// The sync conflicts of a synced store, as the view model reads and settles them.

import LocalStoreSync

extension SyncConflictsModel {
  /// The conflicts of `store`: read with its `conflicts()`, each settled with its
  /// `resolveConflict(_:keepingMine:)`.
  public convenience init(store: SyncedRepository<Item>)
  where Item: Codable & Identifiable, Item.ID: SyncRecordID & Codable {
    self.init(
      load: { try await store.conflicts() },
      resolve: { id, keepMine in try await store.resolveConflict(id, keepingMine: keepMine) })
  }
}

// The background sync of __NAME__'s __model__ values, for a front end while it is open: the terminal app's title bar, a SwiftUI window.

import Foundation
import LocalStore
import LocalStoreSync
import LocalStoreSyncKit
import Models
import Observation
import Persistence

/// Syncs the __models__ with their Kinto server in the background once the folder has synced
/// (`__EXECUTABLE__ sync` ran once: the synced store in use, `sync.credentials` beside it), and
/// says where things stand in ``status``: synced, pending N, offline, N conflicts.
///
/// It opens the synced store a second time, as another writer of the same files: the page's
/// list sees what a round pulls as it sees any other writer's change, and the round sees the
/// page's saves the same way, so neither needs the other. A front end runs ``keepSynced()``
/// beside ``__NAME__Model/followChanges()`` (`.task { await sync.keepSynced() }`).
@Observable @MainActor public final class __NAME__Sync {
  /// The server collection of the __models__, named after their store: `__models__`.
  public static let collection = "__models__"

  /// Where the sync stands, for a status line.
  public let status: SyncStatusModel
  /// The __models__ changed here and on the server, for a person to settle one by one.
  public let conflicts: SyncConflictsModel<__MODEL__>
  /// Where it stands in a few words: "synced", "pending 3", "offline, 3 pending",
  /// "1 conflict", "sync failed".
  public var statusText: String { status.indicator.text }
  /// The synced store the rounds send from and pull into.
  @ObservationIgnored private let store: SyncedRepository<__MODEL__>

  private init(status: SyncStatusModel, store: SyncedRepository<__MODEL__>) {
    self.status = status
    self.store = store
    conflicts = SyncConflictsModel(store: store)
  }

  /// The background sync of the __models__ in `folder`, or `nil` when the folder never synced,
  /// its credentials cannot be read (`__EXECUTABLE__ sync` says why), or its store does not
  /// sync.
  public static func open(in folder: URL) async -> __NAME__Sync? {
    guard let synced = __MODEL__Store.syncedStore(in: folder), (try? synced.isSynced()) == true,
      let credentials = try? SyncCredentials.load(from: folder),
      let store: SyncedRepository<__MODEL__> = try? await synced.openSynced()
    else { return nil }
    let status = await BackgroundSync.model(
      for: store, credentials: credentials, collection: collection)
    return __NAME__Sync(status: status, store: store)
  }

  /// Syncs at once, after each change settles, and every minute, until the calling task is
  /// cancelled.
  public func keepSynced() async {
    await status.keepSynced(
      following: await store.changes(), debounce: BackgroundSync.debounce,
      period: BackgroundSync.period)
  }

  /// Makes what the rounds stored (the server's changes, what was sent) durable; `false` when
  /// it could not, and the next round sends or pulls it again.
  public func synchronize() async -> Bool {
    (try? await store.synchronize()) != nil
  }
}

// The full-screen mode's sync conflicts: the synced store's conflicts, for the conflict page.

import Foundation
import LocalStore
import LocalStoreSync
import LocalStoreSyncKit
import Models
import ViewModels

extension CommandRunner {
  /// The sync conflicts of `repository` for the full-screen mode, when it is the synced
  /// store; `nil` otherwise (the list then offers no conflicts key).
  func syncConflicts(for repository: any Repository<Question>) -> SyncConflictsModel<Question>? {
    guard let store = repository as? SyncedRepository<Question> else { return nil }
    return SyncConflictsModel(
      load: {
        try await store.conflicts().map {
          .init(id: $0.recordID, mine: $0.mine, theirs: $0.theirs)
        }
      },
      resolve: { id, keepMine in try await store.resolveConflict(id, keepingMine: keepMine) })
  }
}

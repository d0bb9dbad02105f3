// The full-screen mode's sync conflicts: the synced store's conflicts, for the conflict page.

import Foundation
import LocalStore
import LocalStoreSync
import LocalStoreSyncKit
import Models

extension CommandRunner {
  /// The sync conflicts of `repository` for the full-screen mode, when it is the synced
  /// store; `nil` otherwise (the list then offers no conflicts key).
  func syncConflicts(for repository: any Repository<Question>) -> SyncConflictsModel<Question>? {
    (repository as? SyncedRepository<Question>).map { SyncConflictsModel(store: $0) }
  }
}

// A synced store that makes one local edit when a round turns from push to pull.

import Foundation
import LocalStoreSync

/// Forwards to an in-memory store, and saves `edit` in it once, when the synchronizer asks
/// for the pull cursor (after its push): a person's edit landing mid-round.
actor EditingDuringPull: SyncStore {
  let inner = InMemorySyncStore()
  private let edit: (id: String, fields: [String: JSONValue])
  private var done = false

  init(edit: (id: String, fields: [String: JSONValue])) {
    self.edit = edit
  }

  func pendingChanges() async throws -> [PendingChange] { await inner.pendingChanges() }

  func pullCursor() async throws -> Int64? {
    if !done {
      done = true
      await inner.save(id: edit.id, fields: edit.fields)
    }
    return await inner.pullCursor()
  }

  func commit(_ update: SyncUpdate) async throws { try await inner.commit(update) }
}

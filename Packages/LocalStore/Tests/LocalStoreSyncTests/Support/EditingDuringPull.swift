// A synced store that makes one local edit when a round turns from push to pull.

import Foundation
import LocalStoreSync

/// Forwards to a store of either kind, and saves `edit` in it once, when the synchronizer asks
/// for the pull marks (after its push): a person's edit landing mid-round.
actor EditingDuringPull: SyncStore {
  let inner: DeviceStore
  private let edit: (id: String, fields: [String: JSONValue])
  private var done = false

  init(inner: DeviceStore, edit: (id: String, fields: [String: JSONValue])) {
    self.inner = inner
    self.edit = edit
  }

  func pendingChanges() async throws -> [PendingChange] { try await inner.pendingChanges() }

  func pullMarks() async throws -> PullMarks {
    if !done {
      done = true
      try await inner.save(id: edit.id, fields: edit.fields)
    }
    return try await inner.pullMarks()
  }

  func commit(_ update: SyncUpdate) async throws { try await inner.commit(update) }
}

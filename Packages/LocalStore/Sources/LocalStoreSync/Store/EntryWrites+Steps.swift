// How one sync step changes a synced store's entries: the rules of SyncStep, on disk.

import Foundation

extension EntryWrites {
  /// The key of one version of a record among decoded items: its id and `last_modified`.
  static func versionKey(_ record: KintoRecord) -> String {
    "\(record.id)@\(record.lastModified)"
  }

  /// Applies `step` as ``SyncStep`` says, `items` holding the decoded remote records by
  /// ``versionKey(_:)``.
  mutating func apply(_ step: SyncStep, items: [String: Item], in stored: (String) -> Entry?) {
    switch step {
    case .acknowledged(let id, let revision, let lastModified):
      guard var entry = entry(id, in: stored) else { return }
      entry.lastModified = lastModified
      entry.earlier = nil
      if entry.revision == revision {
        entry.revision = nil
        entry.conflict = nil
      }
      // An acknowledged delete leaves nothing to keep.
      set(id, entry.item == nil && entry.revision == nil ? nil : entry)
    case .remote(let record, let expected):
      let entry = entry(record.id, in: stored)
      guard entry?.revision == expected else { return }
      if expected == nil, let known = entry?.lastModified, known >= record.lastModified {
        return
      }
      replace(record.id, with: items[Self.versionKey(record)].map { ($0, record.lastModified) })
    case .remoteAbsent(let id, let expected):
      guard entry(id, in: stored)?.revision == expected else { return }
      replace(id, with: nil)
    case .rebase(let id, let revision, let lastModified):
      guard var entry = entry(id, in: stored), entry.revision == revision else { return }
      entry.lastModified = lastModified
      entry.conflict = nil
      entry.earlier = nil
      set(id, entry)
    case .conflict(let conflict):
      guard var entry = entry(conflict.id, in: stored), entry.revision == conflict.pendingRevision
      else { return }
      entry.conflict = StoredConflict(conflict)
      set(conflict.id, entry)
    }
  }

  /// Replaces entry `id` with the server's version (`nil`: the server has none).
  mutating func replace(_ id: String, with version: (item: Item, lastModified: Int64)?) {
    guard let version else { return set(id, nil) }
    set(id, Entry(id: id, item: version.item, lastModified: version.lastModified, revision: nil))
  }
}

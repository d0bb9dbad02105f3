// A local change in a synced store: the item and its outbox mark, set together.

import Foundation

extension EntryWrites {
  /// Sets the item of entry `id` to `item` (`nil`: deleted here) with a new revision,
  /// keeping the server version it is based on and any conflict (which then no longer holds
  /// the change: it is sent, and meets the server's version again), and remembering the
  /// digest of the pending version it replaces.
  mutating func markChanged(_ id: String, to item: Item?, in stored: (String) -> Entry?) {
    var entry =
      entry(id, in: stored) ?? Entry(id: id, item: nil, lastModified: nil, revision: nil)
    let revision = revision(replacing: entry)
    if entry.item == nil, item != nil { moveToEnd(id) }
    if entry.revision != nil {
      // The version replaced may have reached the server in a round whose answer was lost.
      let versions = (entry.earlier ?? []) + [FieldsDigest.of(item: entry.item)]
      entry.earlier = Array(versions.suffix(FieldsDigest.rememberedVersions))
    }
    entry.item = item
    entry.revision = revision
    set(id, entry)
  }
}

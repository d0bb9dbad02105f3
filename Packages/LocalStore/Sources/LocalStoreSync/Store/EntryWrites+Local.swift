// A local change in a synced store: the item and its outbox mark, set together.

import Foundation

extension EntryWrites {
  /// Sets the item of entry `id` to `item` (`nil`: deleted here) with the next revision,
  /// keeping the server version it is based on and any conflict (which then no longer holds
  /// the change: it is sent, and meets the server's version again).
  mutating func markChanged(_ id: String, to item: Item?, in stored: (String) -> Entry?) {
    let revision = nextRevision(in: stored)
    var entry =
      entry(id, in: stored) ?? Entry(id: id, item: nil, lastModified: nil, revision: nil)
    if entry.item == nil, item != nil { moveToEnd(id) }
    entry.item = item
    entry.revision = revision
    set(id, entry)
  }
}

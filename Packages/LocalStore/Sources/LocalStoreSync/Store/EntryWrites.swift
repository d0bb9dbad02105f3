// The entries one step of a synced store changes, gathered into one journal record.

import Foundation

/// The entries a ``SyncedRepository`` change writes, read through the stored ones.
///
/// A change made of several steps (a page of pulled records, the ledger) reads each entry as
/// the earlier steps left it, and ends as one record: the entries saved, and those removed.
struct EntryWrites<Item: Codable & Sendable> {
  typealias Entry = SyncedEntry<Item>

  /// The entries changed so far, by id; `nil`: removed.
  private var changed: [String: Entry?] = [:]
  /// Their ids, in the order first changed.
  private var order: [String] = []
  /// The ids of the entries to move to the end, as a new item is placed.
  private var movedToEnd: Set<String> = []

  /// The entry `id` as the steps so far left it, `stored` giving the stored entries.
  func entry(_ id: String, in stored: (String) -> Entry?) -> Entry? {
    if let change = changed[id] { return change }
    return stored(id)
  }

  /// Sets the entry `id` (`nil`: removes it).
  mutating func set(_ id: String, _ entry: Entry?) {
    if changed.updateValue(entry, forKey: id) == nil { order.append(id) }
  }

  /// Places entry `id` at the end of the store's order when it is written, as a new item is:
  /// an item saved again after it was deleted here does not take its old place.
  mutating func moveToEnd(_ id: String) {
    movedToEnd.insert(id)
  }

  /// The ledger as the steps so far left it.
  func ledger(in stored: (String) -> Entry?) -> SyncLedger {
    entry(SyncLedger.entryID, in: stored)?.ledger ?? SyncLedger()
  }

  /// Sets the ledger.
  mutating func setLedger(_ ledger: SyncLedger) {
    set(SyncLedger.entryID, Entry(ledger: ledger))
  }

  /// The next revision for a local change, recorded in the ledger.
  mutating func nextRevision(in stored: (String) -> Entry?) -> UInt64 {
    var ledger = ledger(in: stored)
    ledger.lastRevision += 1
    setLedger(ledger)
    return ledger.lastRevision
  }

  /// The record to write: the entries saved, in order, and the ids of those removed that
  /// are stored (and of those moved to the end: removed, then saved); `nil` when nothing
  /// changed.
  func record(in stored: (String) -> Entry?) -> (save: [Entry], delete: [String])? {
    var save: [Entry] = []
    var delete: [String] = []
    for id in order {
      if let entry = changed[id] ?? nil {
        save.append(entry)
        if movedToEnd.contains(id), stored(id) != nil { delete.append(id) }
      } else if stored(id) != nil {
        delete.append(id)
      }
    }
    return save.isEmpty && delete.isEmpty ? nil : (save, delete)
  }
}

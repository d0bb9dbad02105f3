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
  /// The sequence number of the journal record these writes go in: a local change's
  /// revision (see ``revision(replacing:)``).
  let sequence: Int

  /// Writes for the journal record numbered `sequence` (0 when they make no local change).
  init(sequence: Int = 0) {
    self.sequence = sequence
  }

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

  /// The revision of a local change to `entry`: the record's sequence number, which no
  /// earlier change of the store took, and in any case more than the pending change it
  /// replaces (a store put back from a copy numbers its records again from an older point),
  /// so an answer to the replaced change never acknowledges this one.
  ///
  /// Why not a counter of the store's own: it would be one more entry written in every
  /// record, the ledger beside the item; `make bench` measured that at 1.14–1.16x an
  /// unsynced durable save, where the target is 1.1x.
  func revision(replacing entry: Entry?) -> UInt64 {
    max(UInt64(max(sequence, 0)), (entry?.revision ?? 0) + 1)
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

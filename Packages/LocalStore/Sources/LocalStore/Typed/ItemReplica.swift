// The typed layer's copy of a store: its items, decoded, as the engine reads and writes them.

import Foundation

/// Every item of one ``LocalRepository``, by ID, in insertion order, decoded from the records
/// the engine (``StoreEngine``) reads back and kept equal to the files as last read or
/// written. It is the codec and the cache; it publishes to the change feed what it cannot name.
///
/// Not `Sendable`: part of its repository's isolated state, like the engine that calls it.
final class ItemReplica<Item: Codable & Identifiable & Sendable>: StoreReplica
where Item.ID: Hashable & Codable & Sendable {
  typealias Cache = OrderedCache<Item.ID, Item>

  /// The snapshot file, which errors name.
  let fileURL: URL
  /// Layout, schema version and migrations: how records and snapshots decode.
  let configuration: StoreConfiguration
  /// The subscribers of the repository's ``LocalRepository/changes()``.
  let feed: ChangeFeed<Item.ID>
  /// Every item, by ID, in insertion order.
  private(set) var cache = Cache()
  /// ``LocalRepository/loadAll()``'s answer, kept until the next change: callers such as view
  /// models ask for everything after each change, and building the array is O(n).
  private var allItems: [Item]?
  /// The state being read again, until it is put in place or dropped.
  private var reloading: Cache?

  init(fileURL: URL, configuration: StoreConfiguration, feed: ChangeFeed<Item.ID>) {
    self.fileURL = fileURL
    self.configuration = configuration
    self.feed = feed
  }

  /// Every item, in the order they were first saved; O(1) when nothing changed since the
  /// last call, as the array is shared, not copied.
  var items: [Item] {
    if let allItems { return allItems }
    let values = cache.values
    allItems = values
    return values
  }

  /// Applies `change`, which the engine has written.
  func apply(_ change: ItemChange<Item>) {
    allItems = nil
    change.apply(to: &cache)
    cache.compactIfSparse()
  }

  func beginReload(
    from snapshot: Snapshot
  ) throws(PersistenceError) -> (sequence: Int, version: Int) {
    let stored = try SnapshotContents<Item>(reading: snapshot)
    reloading = stored.cache
    return (stored.sequence, stored.version)
  }

  func apply(_ payload: ArraySlice<UInt8>, at offset: Int64, of file: URL) throws(PersistenceError)
  {
    let change = try ItemChange<Item>(
      payload: payload, configuration: configuration, file: file, at: offset)
    guard var state = reloading else { return apply(change) }
    // Replayed in place: the state being read is the only copy of its items.
    reloading = nil
    change.apply(to: &state)
    reloading = state
  }

  func finishReload() {
    guard let reloading else { return }
    self.reloading = nil
    allItems = nil
    cache = reloading
  }

  func abandonReload() {
    reloading = nil
  }

  func snapshotEncoder() -> @Sendable (Int) throws(PersistenceError) -> [UInt8] {
    let items = items
    let version = configuration.schemaVersion
    let file = fileURL
    return { sequence throws(PersistenceError) in
      try SnapshotContents<Item>.encode(items, version: version, sequence: sequence, for: file)
    }
  }

  /// A job that encodes the items with `change` applied as a whole snapshot numbered with its
  /// argument: what the engine writes when a change rewrites the snapshot.
  func snapshot(applying change: ItemChange<Item>) -> (Int) throws(PersistenceError) -> [UInt8] {
    { sequence throws(PersistenceError) in
      var next = self.cache
      change.apply(to: &next)
      return try SnapshotContents<Item>.encode(
        next.values, version: self.configuration.schemaVersion, sequence: sequence,
        for: self.fileURL)
    }
  }

  func publishUnknownChange() {
    feed.publish(.anything)
  }

  func publishFailure(_ error: PersistenceError) {
    feed.publish(.failed(error))
  }
}

// Reading the files: everything at open, and what other writers changed since, before each change.

extension LocalRepository {
  /// What reading a store's files gives.
  struct Loaded {
    var cache: Cache
    /// The sequence number of the last change read.
    var sequence: Int
    /// Whether the snapshot is missing or in an older format.
    var snapshotIsOutdated: Bool
  }

  /// The snapshot with the journal's records replayed on top: the whole store as it is on
  /// disk. Runs wherever it is called (the opening thread, or the actor), under a lock that
  /// keeps writers out, so that a compaction is never half seen.
  static func readEverything(
    snapshot: Snapshot, journal: Journal, configuration: StoreConfiguration
  ) throws(PersistenceError) -> Loaded {
    var stored = try snapshot.readSnapshot(as: T.self)
    var sequence = stored.sequence
    let outdated = snapshot.lastSeenSize == 0 || stored.version != configuration.schemaVersion
    let bytes = try journal.readAll() ?? []
    // Replayed in place: the cache is the only copy of the items.
    _ = try journal.apply(
      bytes, from: 0, after: &sequence, to: &stored.cache, configuration: configuration)
    return Loaded(cache: stored.cache, sequence: sequence, snapshotIsOutdated: outdated)
  }

  /// Brings the cache up to date with what other writers did since this repository last
  /// looked, and cuts off a record torn by a writer that crashed (keeping a copy). Call it
  /// under the store's exclusive lock.
  ///
  /// Cheap when nothing changed: two bytes of the journal are read (see
  /// ``Journal/changesSinceLastSeen()``) and the snapshot's status is taken. The cache is only
  /// changed where reading succeeded: it is replaced whole, or whole records are applied.
  ///
  /// - Returns: Whether the cache changed. The sequence number cannot tell: a store put in
  ///   place of this one (restored from a copy, say) may have made as many changes.
  func catchUp() throws(PersistenceError) -> Bool {
    var changed = false
    if try snapshot.hasChangedSinceLastSeen() {
      try reloadEverything()
      changed = true
    } else {
      switch try journal.changesSinceLastSeen() {
      case .unchanged:
        break
      case .replaced:
        try reloadEverything()
        changed = true
      case .grew(let bytes):
        changed = try journal.apply(
          bytes, from: journal.length, after: &sequence, to: &cache, configuration: configuration)
        if changed { allItems = nil }
      }
    }
    try journal.cutOffTornTail()
    return changed
  }

  /// Replaces the cache with the whole store as it is on disk.
  func reloadEverything() throws(PersistenceError) {
    let loaded = try Self.readEverything(
      snapshot: snapshot, journal: journal, configuration: configuration)
    cache = loaded.cache
    sequence = loaded.sequence
    snapshotIsOutdated = loaded.snapshotIsOutdated
    allItems = nil
  }

  /// Reads the store again after its folder was removed or renamed away: the cache becomes
  /// what is at the path now, as a repository opened there would read it, and nothing is
  /// created there. Whether that changed anything.
  func catchUpWithRemovedFolder() throws(PersistenceError) -> Bool {
    let before = sequence
    let hadItems = !cache.isEmpty
    _ = try lock.withSharedLock { () throws(PersistenceError) in try reloadEverything() }
    return sequence != before || hadItems || !cache.isEmpty
  }
}

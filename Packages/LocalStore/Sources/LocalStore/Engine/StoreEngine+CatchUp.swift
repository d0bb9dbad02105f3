// Reading the files: everything at open, and what other writers changed since, before each change.

extension StoreEngine {
  /// Reads the snapshot, then replays the journal's records on top, into the replica: the
  /// whole store as it is on disk, put in place only once all of it was read. Call it under a
  /// lock that keeps writers out, so that a compaction is never half seen.
  func reloadEverything() throws(PersistenceError) {
    do {
      let stored = try replica.beginReload(from: snapshot)
      var sequence = stored.sequence
      let outdated = snapshot.lastSeenSize == 0 || stored.version != configuration.schemaVersion
      let bytes = try journal.readAll() ?? []
      let file = journal.url
      let replica = replica
      _ = try journal.replay(bytes, from: 0, after: &sequence) {
        payload, offset throws(PersistenceError) in
        try replica.apply(payload, at: offset, of: file)
      }
      replica.finishReload()
      self.sequence = sequence
      snapshotIsOutdated = outdated
    } catch {
      replica.abandonReload()
      throw error
    }
  }

  /// Brings the replica up to date with what other writers did since this engine last
  /// looked, and cuts off a record torn by a writer that crashed (keeping a copy). Call it
  /// under the store's exclusive lock.
  ///
  /// Cheap when nothing changed: two bytes of the journal are read (see
  /// ``Journal/changesSinceLastSeen()``) and the snapshot's status is taken. The replica is
  /// only changed where reading succeeded: it is replaced whole, or whole records are applied.
  ///
  /// - Returns: Whether the replica changed. The sequence number cannot tell: a store put in
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
        let file = journal.url
        let replica = replica
        changed = try journal.replay(bytes, from: journal.length, after: &sequence) {
          payload, offset throws(PersistenceError) in
          try replica.apply(payload, at: offset, of: file)
        }
      }
    }
    try journal.cutOffTornTail()
    return changed
  }

  /// Reads the store again after its folder was removed or renamed away: the replica becomes
  /// what is at the path now, as a store opened there would read it, and nothing is created
  /// there. Whether that changed anything (`hasItems`: whether the replica holds any).
  func catchUpWithRemovedFolder(hasItems: () -> Bool) throws(PersistenceError) -> Bool {
    let before = sequence
    let hadItems = hasItems()
    _ = try lock.withSharedLock { () throws(PersistenceError) in try reloadEverything() }
    return sequence != before || hadItems || hasItems()
  }

  /// Catches up with other writers for the watch: under the exclusive lock while the folder
  /// is there, or reading what is at the path now once it is gone. Whether the replica changed.
  func catchUpWithOtherWriters(hasItems: () -> Bool) throws(PersistenceError) -> Bool {
    let caughtUp = try lock.withExclusiveLockIfTheFolderExists {
      () throws(PersistenceError) in try catchUp()
    }
    if let caughtUp { return caughtUp }
    return try catchUpWithRemovedFolder(hasItems: hasItems)
  }

  /// Syncs the journal if it holds records nobody has shown durable: the writer that
  /// appended them may still be syncing, and a subscriber must never see a change that a
  /// power cut could take back.
  func synchronizeWhatOthersWrote() {
    if journal.syncedLength < journal.length, (try? journal.synchronize()) != nil {
      noteSyncedIfEverythingIs()
    }
  }
}

// Every change of the typed store, in one place: a decision over the items, run in the engine's transaction.

extension LocalRepository {
  /// Records `change` durably if `condition` holds for the items once caught up with other
  /// writers; returns whether it did.
  @discardableResult
  func commit(
    _ change: Change, if condition: (Cache) -> Bool = { _ in true }
  ) async throws(PersistenceError) -> Bool {
    try await commit(deciding: { cache in condition(cache) ? change : nil })
  }

  /// Records durably the change that `decide` makes from the items once caught up with other
  /// writers, or nothing when it returns `nil`; returns whether it recorded one.
  ///
  /// `decide` runs once, synchronously, inside the engine's transaction
  /// (``StoreEngine/transaction(_:)``), under the store's exclusive lock, after the records
  /// of other writers were applied: what it reads of the items is what the change is written
  /// over, whichever writer saved it. The change is encoded here, written by the engine, and
  /// applied to the cache only once it is in the files; subscribers hear of it once it is
  /// durable.
  @discardableResult
  func commit(deciding decide: (Cache) -> Change?) async throws(PersistenceError) -> Bool {
    try await commit(numbering: { cache, _ in decide(cache) })
  }

  /// ``commit(deciding:)``, with `decide` also given the sequence number the change's record
  /// takes (see ``Transaction/nextSequence``): a number no earlier change of this store took.
  @discardableResult
  func commit(
    numbering decide: (Cache, _ sequence: Int) -> Change?
  ) async throws(PersistenceError) -> Bool {
    let replica = replica
    let version = configuration.schemaVersion
    let file = fileURL
    let (change, othersChanged) = try await engine.transaction {
      transaction throws(PersistenceError) -> Change? in
      guard let change = decide(replica.cache, transaction.nextSequence) else { return nil }
      // A change that changes nothing is stored already.
      guard change.changesAnything(in: replica.cache) else { return change }
      let payload: [UInt8]
      do {
        payload = try change.encoded(version: version)
      } catch {
        throw .encodingFailed(file, reason: String(describing: error))
      }
      try transaction.write(payload, snapshot: replica.snapshot(applying: change)) {
        replica.apply(change)
      }
      return change
    }
    guard let change else {
      if othersChanged { feed.publish(.anything) }
      return false
    }
    feed.publish(othersChanged ? .anything : RepositoryChange(ids: change.ids))
    return true
  }
}

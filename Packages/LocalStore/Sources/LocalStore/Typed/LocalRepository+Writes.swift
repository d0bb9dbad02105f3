// A layer built on the store (the sync module) makes its own changes: saves and deletes decided under the lock.

extension LocalRepository {
  /// Records durably, as one journal record, the saves and deletes that `decide` makes from
  /// the items once caught up with other writers, or nothing when it returns `nil`; returns
  /// whether it recorded a change.
  ///
  /// For a layer built over the typed store whose one step must save some items and remove
  /// others atomically (the sync module's store, which marks a change and its outbox entry,
  /// or applies a pulled page and its cursor, in one record). `decide` runs once, under the
  /// store's exclusive lock, and reads the items through its first argument (`nil`: no such
  /// item); its second is the sequence number the record takes, which grows with every
  /// change of the store, whichever process makes it, so the layer can number its own
  /// changes by it without a counter of its own to write. The deletes are applied first,
  /// then the saves in order, so that an ID in both moves its item to the end. Subscribers of
  /// ``changes()`` hear of the IDs of both once the change is durable.
  @discardableResult
  package func commitWrites(
    deciding decide: (_ stored: (T.ID) -> T?, _ sequence: Int) -> (save: [T], delete: [T.ID])?
  ) async throws(PersistenceError) -> Bool {
    try await commit(numbering: { cache, sequence -> Change? in
      guard let (save, delete) = decide({ cache[$0] }, sequence) else { return nil }
      if delete.isEmpty { return .save(save) }
      if save.isEmpty { return .delete(delete) }
      return .saveAndDelete(save: save, delete: delete)
    })
  }
}

// One change to a store, made under its lock: what the caller's closure gets from the engine.

/// What ``StoreEngine/transaction(_:)`` hands its closure: the store, caught up with the
/// records other writers appended (the replica has applied them), and the one way to change
/// it, ``write(_:snapshot:applied:)``.
///
/// It lives for the closure only: the engine holds the store's lock meanwhile, so nothing
/// another writer does can come between what the closure reads and what it writes.
struct Transaction: ~Copyable {
  /// How a write was recorded.
  enum Recorded {
    /// Durable already: a rewritten snapshot.
    case stored
    /// Appended to the journal, ending at `end` of its generation; still to be synced.
    case appended(Journal.Position)
  }

  /// The engine running this transaction.
  let engine: StoreEngine
  /// Whether records of other writers were applied to the replica before the closure ran.
  let othersChanged: Bool
  /// What the closure wrote, if it wrote.
  private(set) var recorded: Recorded?

  init(engine: StoreEngine, othersChanged: Bool) {
    self.engine = engine
    self.othersChanged = othersChanged
  }

  /// Writes one change: the record whose payload is `payload`, appended to the journal; or,
  /// when the store needs it (a new store, an older format, the rewrite strategy, a journal
  /// at its size cap, the sequence at its end), the whole store as `snapshot` encodes it with
  /// the change applied, numbered with its argument. Calls `applied` once the change is in
  /// the files, for the replica to apply it; the transaction then makes it durable as the
  /// store's ``Durability`` says. At most one write per transaction.
  ///
  /// - Throws: ``PersistenceError`` when it could not be written; `applied` was not called,
  ///   unless a new snapshot went in place whose durability is unknown (the error says so,
  ///   and the store takes no more changes).
  /// The sequence number the record of this transaction's write takes: one more than the
  /// last change read or written, after other writers' records were applied (a store at the
  /// end of its numbering renumbers from 0 instead).
  var nextSequence: Int { engine.sequence + 1 }

  mutating func write(
    _ payload: [UInt8], snapshot: (_ sequence: Int) throws(PersistenceError) -> [UInt8],
    applied: () -> Void
  ) throws(PersistenceError) {
    precondition(recorded == nil, "one write per transaction")
    recorded = try engine.write(payload, snapshot: snapshot, applied: applied)
  }
}

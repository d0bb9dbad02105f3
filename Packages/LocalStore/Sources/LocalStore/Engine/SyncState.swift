// Durability as one state machine: where this engine's own records stand on their way to disk.

/// Where the records one engine appended stand on their way to stable storage, who waits for
/// them, and whether the store's lock must stay held for them: the durability of a store as
/// one state machine whose phases and transitions are named.
///
/// ```
///            appended                 startFlush                  endFlush
///   synced ───────────▶ appended ─────────────────▶ flushing ───────────────▶ synced
///     ▲                   │  ▲                       │   appended: more        (or appended,
///     │   syncedHere /    │  └───────────────────────┘                          when more)
///     └─── tookBack ──────┘
/// ```
///
/// A durable save appends its record (``appended(due:)``), then waits until a flush covers
/// it: if a flush is under way it follows it (``follow(_:)``) and looks again when it ends;
/// otherwise it leads one (``startFlush(covering:)``) for every record appended so far, and
/// the saves appended while it runs share the next (group commit). A lossy save's record
/// waits in ``Phase/appended(due:)`` until its background sync is due. A failed sync takes
/// the records back (``tookBack(generation:length:error:lossy:)``).
///
/// The lock rule lives here and only here: ``needsTheLock``. While durable records of this
/// engine wait for their sync nobody else may append after them, so that a failed sync can
/// cut them off; a lease keeps it for a burst of lossy saves. The engine lets go of the lock
/// in one place (`StoreEngine.releaseLockIfUnneeded()`), which asks this.
///
/// Pure: it does no input or output and reads no clock (instants are passed in), so tests
/// drive it on its own; the engine (`StoreEngine+Sync`) performs what it decides. `Waiter` is
/// what a follower leaves to be woken (a continuation in the engine).
struct SyncState<Waiter> {
  /// Where this engine's own records stand.
  enum Phase: Equatable {
    /// Every record this engine appended is synced, or was taken back.
    case synced
    /// Records are appended and not synced, and no flush is under way. `due`: when a lossy
    /// store's background sync must run; `nil` for durable records, whose saves lead a flush.
    case appended(due: ContinuousClock.Instant?)
    /// A flush is under way.
    case flushing(Flush)
  }

  /// A flush under way: its number, how far it covers the journal, and whether records were
  /// appended after it began (which it does not cover).
  struct Flush: Equatable {
    var number: Int
    var covered: Journal.Position
    var recordsAfter: Bool
  }

  /// Records a failed sync took back: the generation of the journal and the length it was
  /// cut back to, and what their callers are told.
  struct TakenBack {
    var length: Int64
    var error: PersistenceError
  }

  /// Where this engine's records stand.
  private(set) var phase: Phase = .synced
  /// The saves waiting for the end of the flush under way.
  private(set) var followers: [Waiter] = []
  /// When the lease of a burst of lossy saves on the store's lock ends; `nil` when none holds.
  private(set) var leaseEnds: ContinuousClock.Instant?
  /// How many flushes were started.
  private var flushes = 0
  /// The records taken back after failed syncs, by generation of the journal.
  private var takenBack: [Int: TakenBack] = [:]
  /// The failure of a background sync that took acknowledged lossy changes back, until
  /// ``StoreEngine/synchronize()`` reports it.
  private(set) var lossyFailure: PersistenceError?

  /// Whether the store's lock must stay held: durable records of this engine wait for their
  /// sync (nobody else may append after them, so that a failed sync can cut them off), or a
  /// lease is held. Lossy records keep it only through the lease: their promise allows a
  /// failed background sync to find other writers' records after them.
  var needsTheLock: Bool { durableSavesWait || leaseEnds != nil }

  /// Whether durable saves wait for a sync: a flush is under way, or due from a leader.
  var durableSavesWait: Bool {
    switch phase {
    case .synced: false
    case .appended(let due): due == nil
    case .flushing: true
    }
  }

  /// Whether a flush is under way.
  var isFlushing: Bool {
    if case .flushing = phase { return true }
    return false
  }

  /// Whether lossy records wait for their background sync.
  var lossyRecordsWait: Bool {
    if case .appended(let due) = phase { return due != nil }
    return false
  }

  /// When the lossy records' background sync is due, if they wait for one.
  var syncDue: ContinuousClock.Instant? {
    if case .appended(let due) = phase { return due }
    return nil
  }

  /// A record was appended: a durable one (`due` `nil`), or a lossy one whose sync is due at
  /// `due` at the latest.
  mutating func appended(due: ContinuousClock.Instant?) {
    switch phase {
    case .synced:
      phase = .appended(due: due)
    case .appended(let earlier):
      phase = .appended(due: [earlier, due].compactMap { $0 }.min())
    case .flushing(var flush):
      flush.recordsAfter = true
      phase = .flushing(flush)
    }
  }

  /// A leader starts a flush covering the journal up to `covered`; returns its number.
  mutating func startFlush(covering covered: Journal.Position) -> Int {
    precondition(!isFlushing, "one flush at a time")
    flushes += 1
    phase = .flushing(Flush(number: flushes, covered: covered, recordsAfter: false))
    return flushes
  }

  /// A save waits for the end of the flush under way.
  mutating func follow(_ waiter: Waiter) {
    precondition(isFlushing, "a save follows a flush under way only")
    followers.append(waiter)
  }

  /// The flush under way ended (whatever its outcome, which the engine handles): returns the
  /// saves that followed it, to look again whether their record is durable.
  mutating func endFlush() -> [Waiter] {
    if case .flushing(let flush) = phase {
      phase = flush.recordsAfter ? .appended(due: nil) : .synced
    }
    defer { followers = [] }
    return followers
  }

  /// Everything appended so far was synced other than by a flush (on the actor, or by a new
  /// snapshot that folded the journal in). A flush under way still ends as it will.
  mutating func syncedHere() {
    switch phase {
    case .synced, .appended: phase = .synced
    case .flushing(var flush):
      flush.recordsAfter = false
      phase = .flushing(flush)
    }
  }

  /// A failed sync took back this engine's unsynced records of journal generation
  /// `generation`, cutting it to `length`, with `error` for their callers; `lossy`: whether
  /// acknowledged lossy changes were among them (``lossyFailure`` then reports it). Returns
  /// the saves that followed a flush, to look again.
  mutating func tookBack(
    generation: Int, length: Int64, error: PersistenceError, lossy: Bool
  ) -> [Waiter] {
    takenBack[generation] = TakenBack(length: length, error: error)
    if lossy, lossyFailure == nil { lossyFailure = error }
    if case .flushing(var flush) = phase {
      flush.recordsAfter = false
      phase = .flushing(flush)
    } else {
      phase = .synced
    }
    defer { followers = [] }
    return followers
  }

  /// Why the record ending at `position` was taken back, if it was.
  func takenBack(_ position: Journal.Position) -> PersistenceError? {
    guard let cut = takenBack[position.generation], position.end > cut.length else { return nil }
    return cut.error
  }

  /// Reports the failure of a background sync once: `nil` after.
  mutating func takeLossyFailure() -> PersistenceError? {
    defer { lossyFailure = nil }
    return lossyFailure
  }

  /// A burst of lossy saves keeps the store's lock until `end`.
  mutating func startLease(until end: ContinuousClock.Instant) {
    leaseEnds = end
  }

  /// The lease ends (its time is up, another writer waits, or its turn is due).
  mutating func endLease() {
    leaseEnds = nil
  }
}

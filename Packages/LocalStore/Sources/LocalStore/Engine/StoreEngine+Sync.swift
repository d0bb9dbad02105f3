// Group commit: the saves appended while a flush runs share the next; a failed sync takes them back.

import Dispatch

extension StoreEngine {
  /// Returns once a sync has made the record ending at `position` durable.
  ///
  /// First it lets the jobs already waiting on the actor run
  /// (``StoreExecutor/yieldToWaitingJobs(isolation:)``): saves queued behind this one append
  /// their records, and one flush covers them all.
  /// Then, until its record is durable: if a flush is under way, it follows it and looks
  /// again when it ends; otherwise it leads one (``lead(after:)``) for every record appended
  /// so far. What decides is the state of the journal's syncs (``SyncState``), never how
  /// many jobs wait on the executor.
  ///
  /// - Throws: ``PersistenceError/notDurable(_:reason:)`` when the sync failed; the record
  ///   was taken back (see ``undoUnsyncedChanges(after:)``).
  func waitUntilDurable(_ position: Journal.Position) async throws(PersistenceError) {
    await executor.yieldToWaitingJobs()
    while true {
      if let error = sync.takenBack(position) { throw error }
      // A new generation that did not take it back folded it into a durable snapshot.
      guard position.generation == journal.generation, journal.syncedLength < position.end
      else { return noteSyncedIfEverythingIs() }
      if sync.isFlushing {
        await withCheckedContinuation { sync.follow($0) }
      } else {
        try await lead(after: position)
      }
    }
  }

  /// Flushes the journal for every record appended so far, the one ending at `position`
  /// among them. Alone (no record after it, and no change of this engine waiting for the
  /// lock to go), it syncs here, on the actor: nobody could share the flush, and a lone save
  /// costs no hop to another thread. Otherwise the syncer queue flushes while the actor
  /// answers reads and takes the next saves, which follow this flush and share the next; a
  /// change waiting for its turn at the lock is never held behind an `fsync` on the actor.
  /// When the flush fails, the records it covered that no other sync covered are taken back.
  private func lead(after position: Journal.Position) async throws(PersistenceError) {
    let covered = journal.position
    if covered == position && changesWaitingForTheLock.isEmpty { return try syncHere() }
    let flush: @Sendable () -> Result<Void, SystemCallError>
    do {
      flush = try journal.detachedFlush()
    } catch {
      // No descriptor to spare (the process is at its limit): sync here, on the actor.
      return try syncHere()
    }
    _ = sync.startFlush(covering: covered)
    let result = await withCheckedContinuation { continuation in
      syncer.async { continuation.resume(returning: flush()) }
    }
    let followers = sync.endFlush()
    defer { for save in followers { save.resume() } }
    switch result {
    case .success:
      if covered.generation == journal.generation { journal.markSynced(through: covered.end) }
    case .failure(let error):
      if covered.generation == journal.generation, journal.syncedLength < covered.end {
        undoUnsyncedChanges(after: .notDurable(fileURL, reason: error.description))
      }
    }
  }

  /// Tells the state machine that every record is synced when the journal says so: a sync
  /// made for another reason (the watch's, before it tells subscribers of other writers'
  /// records) may have covered this engine's records too, with no flush of theirs.
  func noteSyncedIfEverythingIs() {
    if journal.syncedLength >= journal.length { sync.syncedHere() }
  }

  /// Syncs the journal here, on the actor; when that fails, takes back every change it was
  /// to make durable, and throws.
  func syncHere() throws(PersistenceError) {
    do {
      try journal.synchronize()
    } catch {
      throw undoUnsyncedChanges(after: .notDurable(fileURL, reason: error.description))
    }
    sync.syncedHere()
  }

  /// Takes back this repository's own changes that no successful sync covered, after
  /// `error`, a failed sync, and returns what each of those changes' callers is told.
  ///
  /// On Linux a failed `fsync` may have dropped the pages it could not write, so a later
  /// sync that succeeds proves nothing about them (PostgreSQL's "fsyncgate"). So under the
  /// store's lock the journal is cut back to where this repository's unsynced records start
  /// (``Journal/ownUnsynced``), never further: everything before them was synced before they
  /// were appended, by this process or by the writer that appended it. Memory and the files
  /// then hold the last synced state, the cut is synced, and the callers are told the
  /// changes were not saved. When that cannot be done (another writer appended after those
  /// changes, the file cannot be cut, or the cut cannot be synced), nothing is removed, the
  /// callers are told the outcome is unknown, and the repository refuses every later change
  /// until it is opened again.
  @discardableResult
  func undoUnsyncedChanges(after error: PersistenceError) -> PersistenceError {
    let generation = journal.generation
    let own = journal.ownUnsynced
    let keep = own?.lowerBound ?? journal.length
    var outcome = error
    // Held since the changes were written (a durable store keeps it until they are synced):
    // nobody else can have appended after them.
    let heldAllAlong = lock.isHeld
    do throws(PersistenceError) {
      try lock.withExclusiveLock { () throws(PersistenceError) in
        guard let own else { return }
        guard own.upperBound == journal.length else {
          throw .outcomeUnknown(
            fileURL, reason: "other writers' records follow them, so they stay in the journal")
        }
        if !heldAllAlong, try !journal.hasNoRecordsOfOthers() {
          throw .outcomeUnknown(
            fileURL, reason: "another writer appended after them, so they stay in the journal")
        }
        do {
          try journal.truncate(to: keep)
        } catch {
          throw .outcomeUnknown(fileURL, reason: "they could not be cut off the journal: \(error)")
        }
        try reloadEverything()
        do {
          try journal.synchronize()
        } catch {
          throw .outcomeUnknown(
            fileURL, reason: "the journal cut back could not be synced: \(error)")
        }
        // A mark another writer left may say the cut records were durable.
        journal.writeSyncedMark()
      }
    } catch let failure {
      outcome = .outcomeUnknown(
        fileURL,
        reason: "\(error.detail), and taking the changes back failed (\(failure.detail)). The store"
          + " takes no more changes until it is opened again")
      brokenBy = outcome
      replica.publishFailure(outcome)
    }
    // Reported by the next `synchronize()`, when lossy changes of this engine were lost.
    var lossy = false
    if own != nil, case .lossyOnPowerCut = configuration.durability { lossy = true }
    let followers = sync.tookBack(
      generation: generation, length: keep, error: outcome, lossy: lossy)
    for save in followers { save.resume() }
    // Lossy changes were published before their sync: their subscribers read again.
    replica.publishUnknownChange()
    return outcome
  }

  /// Keeps the promise of ``Durability/lossyOnPowerCut(syncWithin:)`` for a lossy record just
  /// appended, whose sync is due `delay` from when it was appended (see ``write(_:snapshot:applied:)``).
  ///
  /// The store's lock is kept for ``StoreConfiguration/lossyLockLease`` (or `delay`, if
  /// shorter) from the first save of a burst: a save that finds it held needs no `flock` and
  /// no look for other writers. The lease ends early once another holder waits for the lock
  /// (``StoreLock/othersAreWaiting``, looked at every ``turn``), as the next save would (see
  /// ``transaction(_:)``), so that a waiter does not wait for the rest of a lease that no
  /// save uses.
  func scheduleBackgroundSync(
    after delay: Duration, isolation: isolated (any Actor)? = #isolation
  ) {
    precondition(isolation != nil, "the engine runs on its repository's actor")
    let now = ContinuousClock.now
    if sync.leaseEnds == nil {
      sync.startLease(until: now + min(delay, configuration.lossyLockLease))
    }
    startLossyTimerIfNeeded(isolation: isolation)
  }

  /// Starts the one task that keeps the lossy promises, unless one runs that wakes in time:
  /// it ends the lease when due and runs the background sync when due. A lease started while
  /// the task sleeps until a later sync replaces it with one that wakes for the lease. It
  /// keeps the engine (and its repository) alive until nothing is due, so a repository
  /// released meanwhile still syncs in time. Of the highest priority, so that no stream of
  /// reads delays it.
  private func startLossyTimerIfNeeded(isolation: isolated (any Actor)?) {
    let now = ContinuousClock.now
    guard let wake = nextLossyWake(now: now) else { return }
    if let timer = lossyTimer {
      guard timer.wakesAt > wake else { return }
      timer.task.cancel()
    }
    let task = Task(priority: .high) {
      // Isolated to the engine's actor: the task's jobs run on the store's executor.
      _ = isolation
      var next: ContinuousClock.Instant? = wake
      while let wake = next {
        try? await Task.sleep(until: wake, clock: .continuous)
        // Replaced by a timer that wakes earlier, which now keeps the promises.
        if Task.isCancelled { return }
        next = self.keepLossyPromises(now: .now)
        if let next { self.lossyTimer?.wakesAt = next }
      }
      self.lossyTimer = nil
    }
    lossyTimer = LossyTimer(task: task, wakesAt: wake)
  }

  /// When the lossy timer must look next: at the lease's end (every ``turn`` while it holds,
  /// to see whether another holder waits), or when the sync is due; `nil` when neither is.
  private func nextLossyWake(now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
    let lease = sync.leaseEnds.map { min($0, now + Self.turn) }
    return [lease, sync.syncDue].compactMap { $0 }.min()
  }

  /// Ends the lease and runs the background sync if they are due at `now`; returns when to
  /// look again, or `nil` once nothing is due.
  private func keepLossyPromises(now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
    if let end = sync.leaseEnds, now >= end || lock.othersAreWaiting {
      sync.endLease()
      releaseLockIfUnneeded()
    }
    if let due = sync.syncDue, now >= due {
      // A failure has no caller to report to: the changes are taken back, and subscribers
      // are told.
      try? synchronizeLossyChanges()
    }
    return nextLossyWake(now: now)
  }

  /// Syncs the lossy changes written since the last sync, if any; see ``synchronize()``.
  func synchronizeLossyChanges() throws(PersistenceError) {
    guard sync.lossyRecordsWait, brokenBy == nil else { return }
    defer { releaseLockIfUnneeded() }
    try syncHere()
  }

  /// Returns once every change acknowledged so far is durable, and the compaction under way,
  /// if any, has ended: see ``LocalRepository/synchronize()``.
  func synchronize() async throws(PersistenceError) {
    // A background sync that failed took acknowledged saves back, with nobody to tell.
    if let failure = sync.takeLossyFailure() { throw failure }
    do {
      try synchronizeLossyChanges()
    } catch {
      _ = sync.takeLossyFailure()  // Reported here.
      throw error
    }
    await compactionFinished()
    journal.writeSyncedMark()
  }
}

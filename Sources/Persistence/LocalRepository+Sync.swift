// Group commit: changes appended while a sync waits share one fsync; a failed one takes them back.

import Dispatch

extension StoreEngine {
  /// The saves waiting for a sync of the journal, and what is scheduled.
  struct PendingSync {
    /// Each save whose record is appended and not yet handed to a flush.
    var waiting: [CheckedContinuation<Flushed, Never>] = []
    /// The priority of the sync job enqueued for `waiting`, or `nil` when none is.
    var scheduledPriority: TaskPriority?
    /// How many flushes were handed to the syncer, and the newest known to have ended.
    var flushesStarted = 0
    var flushesFinished = 0
    /// Whether a sync of lossy saves is scheduled for later.
    var backgroundIsScheduled = false
    /// Whether lossy saves were written since the last sync.
    var lossyChangesWaiting = false
    /// The changes waiting for the lock to be let go, to give other writers a turn.
    var waitingForTheLockToGo: [CheckedContinuation<Void, Never>] = []
    /// Until when this repository's changes stay off the store's lock, if they do.
    var othersTurnEnds: ContinuousClock.Instant?
    /// Whether a burst of lossy saves keeps the store's lock, for a short lease at most:
    /// the saves of the burst then take the lock and look for other writers once.
    var lossyLeaseIsHeld = false
    /// The failure of a sync that took acknowledged lossy changes back, until
    /// ``synchronize()`` reports it.
    var lossyFailure: PersistenceError?
    /// The records taken back after a failed sync: for a generation of the journal, the
    /// length it was cut back to and why. A save whose record ended past it failed.
    var undone: [Int: (length: Int64, error: PersistenceError)] = [:]

    /// Whether durable saves still wait for the sync of their records.
    var isSyncing: Bool { !waiting.isEmpty || flushesStarted != flushesFinished }

    /// Whether the store's lock must stay held: records were appended and not yet synced.
    var needsTheLock: Bool { isSyncing || lossyLeaseIsHeld }
  }

  /// What a waiting save learns: the outcome of the flush that covered its record, its
  /// number, and how far the journal of which generation it covered.
  struct Flushed: Sendable {
    let result: Result<Void, PersistenceError>
    let number: Int
    let covered: Journal.Position
  }

  /// Returns once a sync has made the record ending at `position` durable.
  ///
  /// When no job waits on the actor's queue, no sync is scheduled and the syncer is idle,
  /// nobody could share the sync: it runs at once, here, on the actor's thread, and a lone
  /// save costs one hop there and one back. Otherwise a job of its own on the actor's queue,
  /// behind the jobs of its priority already waiting there, hands one `fsync` to the syncer
  /// queue for every save appended before it runs, and the actor answers reads meanwhile.
  ///
  /// - Throws: ``PersistenceError/notDurable(_:reason:)`` when the sync failed; the record
  ///   was taken back (see ``undoUnsyncedChanges(after:)``).
  func waitUntilDurable(
    _ position: Journal.Position, isolation: isolated (any Actor)? = #isolation
  ) async throws(PersistenceError) {
    if pendingSync.scheduledPriority == nil && !executor.hasWaitingJobs
      && !pendingSync.isSyncing
    {
      try syncHere()
      return
    }
    let priority = Task.currentPriority
    let flushed = await withCheckedContinuation { continuation in
      pendingSync.waiting.append(continuation)
      if let scheduled = pendingSync.scheduledPriority, scheduled >= priority { return }
      pendingSync.scheduledPriority = priority
      // Isolated to this actor: the job goes behind the actor's jobs of its priority.
      Task(priority: priority) {
        _ = isolation
        self.syncWaitingChanges()
      }
    }
    pendingSync.flushesFinished = max(pendingSync.flushesFinished, flushed.number)
    if case .success = flushed.result, flushed.covered.generation == journal.generation {
      journal.markSynced(through: flushed.covered.end)
    }
    try settle(position, after: flushed.result)
  }

  /// Decides the fate of the save whose record ends at `position`, once a flush that should
  /// cover it has ended: taken back by an earlier failure; durable, through this flush,
  /// another one, or a snapshot that folded the journal in; or, when this flush failed and
  /// nothing else covered it, taken back now with every change after it.
  private func settle(
    _ position: Journal.Position, after result: Result<Void, PersistenceError>
  ) throws(PersistenceError) {
    if let undone = pendingSync.undone[position.generation], position.end > undone.length {
      throw undone.error
    }
    guard position.generation == journal.generation, journal.syncedLength < position.end else {
      return
    }
    let error: PersistenceError
    switch result {
    case .failure(let failure): error = failure
    case .success: error = .notDurable(fileURL, reason: "no sync of the journal covered it")
    }
    throw undoUnsyncedChanges(after: error)
  }

  /// Syncs the journal here, on the actor; when that fails, takes back every change it was
  /// to make durable, and throws.
  func syncHere() throws(PersistenceError) {
    do {
      try journal.synchronize()
    } catch {
      throw undoUnsyncedChanges(after: .notDurable(fileURL, reason: error.description))
    }
  }

  /// Has the syncer flush the journal once for every save waiting, then resume them. A job
  /// that finds nobody waiting (one of a higher priority ran first) does nothing.
  private func syncWaitingChanges() {
    let waiting = pendingSync.waiting
    guard !waiting.isEmpty else { return }
    pendingSync.waiting = []
    pendingSync.scheduledPriority = nil
    let covered = journal.position
    let flush: @Sendable () -> Result<Void, SystemCallError>
    do {
      flush = try journal.detachedFlush()
    } catch {
      // No descriptor to spare (the process is at its limit): sync here, on the actor.
      let result = Result { () throws(PersistenceError) in try syncHere() }
      let flushed = Flushed(result: result, number: pendingSync.flushesFinished, covered: covered)
      for save in waiting { save.resume(returning: flushed) }
      return
    }
    pendingSync.flushesStarted += 1
    let number = pendingSync.flushesStarted
    let file = fileURL
    syncer.async {
      let result = flush().mapError { PersistenceError.notDurable(file, reason: $0.description) }
      let flushed = Flushed(result: result, number: number, covered: covered)
      for save in waiting { save.resume(returning: flushed) }
    }
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
    pendingSync.undone[generation] = (keep, outcome)
    pendingSync.lossyChangesWaiting = false
    // Reported by the next `synchronize()`, when changes of this repository's were lost.
    if own != nil, pendingSync.lossyFailure == nil,
      case .lossyOnPowerCut = configuration.durability
    {
      pendingSync.lossyFailure = outcome
    }
    let waiting = pendingSync.waiting
    pendingSync.waiting = []
    pendingSync.scheduledPriority = nil
    let failed = Flushed(
      result: .failure(outcome), number: pendingSync.flushesFinished,
      covered: Journal.Position(generation: generation, end: keep))
    for save in waiting { save.resume(returning: failed) }
    // Lossy changes were published before their sync: their subscribers read again.
    replica.publishUnknownChange()
    return outcome
  }

  /// Syncs the journal `delay` from now, unless a sync is already scheduled: the promise of
  /// ``Durability/lossyOnPowerCut(syncWithin:)``. The task keeps the repository alive until
  /// it has run, so a repository released meanwhile still syncs in time.
  ///
  /// The store's lock is kept for ``StoreConfiguration/lossyLockLease`` (or `delay`, if
  /// shorter) from the first save of a burst: a save that finds it held needs no `flock` and
  /// no look for other writers. A job of the highest priority lets it go, so that no stream
  /// of reads delays it; it looks every ``turn`` whether another holder waits for the lock
  /// (``StoreLock/othersAreWaiting``), and lets it go early then, as the next save would
  /// (see ``commit(deciding:)``), so that a waiter does not wait for the rest of a lease that no
  /// save uses.
  func scheduleBackgroundSync(
    after delay: Duration, isolation: isolated (any Actor)? = #isolation
  ) {
    pendingSync.lossyChangesWaiting = true
    if !pendingSync.lossyLeaseIsHeld {
      pendingSync.lossyLeaseIsHeld = true
      Task(priority: .high) {
        _ = isolation
        let end = ContinuousClock.now + min(delay, self.configuration.lossyLockLease)
        while ContinuousClock.now < end, self.pendingSync.lossyLeaseIsHeld {
          try? await Task.sleep(for: min(Self.turn, ContinuousClock.now.duration(to: end)))
          if self.lock.othersAreWaiting { break }
        }
        self.pendingSync.lossyLeaseIsHeld = false
        self.releaseLockUnlessSyncing()
      }
    }
    guard !pendingSync.backgroundIsScheduled else { return }
    pendingSync.backgroundIsScheduled = true
    Task {
      _ = isolation
      try? await Task.sleep(for: delay)
      self.pendingSync.backgroundIsScheduled = false
      // A failure has no caller to report to: the changes are taken back, and subscribers
      // are told.
      try? self.synchronizeLossyChanges()
    }
  }

  /// Syncs the lossy changes written since the last sync, if any; see ``synchronize()``.
  func synchronizeLossyChanges() throws(PersistenceError) {
    guard pendingSync.lossyChangesWaiting, brokenBy == nil else { return }
    defer { releaseLockUnlessSyncing() }
    try syncHere()
    pendingSync.lossyChangesWaiting = false
  }

  /// Returns once every change acknowledged so far is durable, and the compaction under way,
  /// if any, has ended: see ``LocalRepository/synchronize()``.
  func synchronize() async throws(PersistenceError) {
    // A background sync that failed took acknowledged saves back, with nobody to tell.
    if let failure = pendingSync.lossyFailure {
      pendingSync.lossyFailure = nil
      throw failure
    }
    do {
      try synchronizeLossyChanges()
    } catch {
      pendingSync.lossyFailure = nil  // Reported here.
      throw error
    }
    await compactionFinished()
    journal.writeSyncedMark()
  }
}

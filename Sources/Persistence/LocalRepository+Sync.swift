// Group commit: the changes appended while a sync waits to run share that one fsync, made off
// the actor.

import Dispatch

extension LocalRepository {
  /// The callers waiting for the next sync of the journal, and what is scheduled.
  struct PendingSync {
    /// Each caller whose record is appended and not yet synced.
    var waiting: [CheckedContinuation<Flushed, Never>] = []
    /// The priority of the newest job enqueued on the actor's queue to sync for `waiting`,
    /// or `nil` when none is.
    var scheduledPriority: TaskPriority?
    /// How many flushes were handed to the syncer.
    var flushesStarted = 0
    /// The number of the newest flush known to have ended: while it is not
    /// `flushesStarted`, the syncer is busy with the journal.
    var flushesFinished = 0
    /// Whether a sync of a lossy save is scheduled for later.
    var backgroundIsScheduled = false
  }

  /// What a waiting caller learns: the outcome of the flush that covered its record, and
  /// that flush's number.
  struct Flushed: Sendable {
    let result: Result<Void, PersistenceError>
    let number: Int
  }

  /// Returns once an `fsync` of the journal that started after this call has finished.
  ///
  /// When no job waits on the actor's queue, no sync is scheduled and the syncer is idle,
  /// nobody could share the sync: it runs at once, here, on the actor's thread, and a lone
  /// save costs one hop there and one back. Otherwise a job of its own on the actor's queue,
  /// enqueued behind the jobs of its priority already waiting there, hands the sync to the
  /// repository's syncer queue: every change those jobs append before it runs is covered by
  /// the same `fsync`, so a thousand concurrent saves share a handful of syncs, and the
  /// actor is free to answer reads while the disk works.
  ///
  /// A caller of a higher priority than the sync already scheduled enqueues one of its own
  /// priority, which runs first and syncs for everyone waiting: a save made from a screen
  /// does not wait for the sync of a low-priority import, queued behind the import's saves.
  ///
  /// - Throws: ``PersistenceError/notDurable(_:reason:)`` when the sync failed.
  func waitUntilDurable() async throws(PersistenceError) {
    if pendingSync.scheduledPriority == nil && !executor.hasWaitingJobs
      && pendingSync.flushesFinished == pendingSync.flushesStarted
    {
      try store.synchronizeJournal()
      return
    }
    let priority = Task.currentPriority
    let flushed = await withCheckedContinuation { continuation in
      pendingSync.waiting.append(continuation)
      if let scheduled = pendingSync.scheduledPriority, scheduled >= priority { return }
      pendingSync.scheduledPriority = priority
      // Isolated to this actor: the task's job goes behind the actor's jobs of its priority.
      Task(priority: priority) { self.syncWaitingChanges() }
    }
    pendingSync.flushesFinished = max(pendingSync.flushesFinished, flushed.number)
    try flushed.result.get()
  }

  /// Has the syncer flush the journal once for every caller waiting, then resume them. A
  /// sync job that finds nobody waiting (a job of a higher priority ran first) does nothing.
  ///
  /// The flush covers every record appended before it starts; the syncer is serial, so the
  /// flushes of successive groups run one after the other, in order.
  private func syncWaitingChanges() {
    let waiting = pendingSync.waiting
    guard !waiting.isEmpty else { return }
    pendingSync.waiting = []
    pendingSync.scheduledPriority = nil
    let flush: @Sendable () -> Result<Void, PersistenceError>
    do throws(PersistenceError) {
      flush = try store.journalFlush()
    } catch {
      // No descriptor to spare (the process is at its limit): sync here, on the actor,
      // rather than fail saves whose records are written.
      let result: Result<Void, PersistenceError>
      do throws(PersistenceError) {
        try store.synchronizeJournal()
        result = .success(())
      } catch {
        result = .failure(error)
      }
      let flushed = Flushed(result: result, number: pendingSync.flushesFinished)
      for caller in waiting { caller.resume(returning: flushed) }
      return
    }
    pendingSync.flushesStarted += 1
    let number = pendingSync.flushesStarted
    syncer.async {
      let flushed = Flushed(result: flush(), number: number)
      for caller in waiting { caller.resume(returning: flushed) }
    }
  }

  /// Syncs the journal `delay` from now, unless a sync is already scheduled: the promise of
  /// ``Durability/lossyOnPowerCut(syncWithin:)``. The task keeps the repository alive until
  /// it has run, so a repository released meanwhile still syncs in time.
  func scheduleBackgroundSync(after delay: Duration) {
    guard !pendingSync.backgroundIsScheduled else { return }
    pendingSync.backgroundIsScheduled = true
    Task {
      try? await Task.sleep(for: delay)
      self.pendingSync.backgroundIsScheduled = false
      // A failure has no caller to report to; the next change schedules another sync.
      try? self.store.synchronizeJournal()
    }
  }
}

// How a repository's change reaches the files and the cache: on the worker's queue, or for a
// lossy change that cannot wait, on the caller's thread.

import Dispatch
import Synchronization

extension StoreWorker {
  /// A change's condition, held only until the queue has checked it: the repository lends
  /// it with `withoutActuallyEscaping`, which traps if the closure outlives the call, and a
  /// Dispatch block may be freed after the caller has resumed.
  final class Condition: @unchecked Sendable {
    // Safe to send: set before the change is handed over, then used and cleared only under
    // the worker's `access`.
    private var check: ((Cache) -> Bool)?

    init(_ check: @escaping @Sendable (Cache) -> Bool) {
      self.check = check
    }

    func holds(for cache: Cache) -> Bool {
      check?(cache) ?? false
    }

    /// Drops the closure; call it before completing the change.
    func release() {
      check = nil
    }
  }

  /// One change waiting for the queue.
  struct PendingCommit: Sendable {
    let change: StoreChange<T>
    let condition: Condition
    let completion: @Sendable (Result<Outcome, PersistenceError>) -> Void
  }

  /// The changes waiting for the queue, in order, and whether a job to record them is
  /// enqueued.
  struct PendingCommits: Sendable {
    var commits: [PendingCommit] = []
    var isScheduled = false
  }

  /// Records `change` durably if `condition` holds once caught up with other writers, and
  /// calls `completion` once it is durable (or failed), on the queue or the sync queue.
  ///
  /// Under the store's lock: catch up with other writers, check `condition`, write the
  /// change (append a record, or rewrite the snapshot), and only then apply it to the cache,
  /// so a reader never sees a change whose write failed. Then, outside the lock, sync the
  /// journal: here when no other change is queued and no sync is running, else through the
  /// group committer, which shares one `fsync` among every change appended meanwhile.
  ///
  /// Changes that arrive while the queue is busy wait together and are recorded in one hold
  /// of the lock: one `flock`, one check for other writers' changes and one unlock for all
  /// of them, each still its own record, checked and written in order.
  func commit(
    _ change: StoreChange<T>, if condition: Condition,
    completion: @escaping @Sendable (Result<Outcome, PersistenceError>) -> Void
  ) {
    if case .lossyOnPowerCut(let delay) = store.configuration.durability,
      commitOnCallersThread(change, if: condition, syncingWithin: delay, completion: completion)
    {
      return
    }
    let commit = PendingCommit(change: change, condition: condition, completion: completion)
    let schedule = pending.withLock { state -> Bool in
      state.commits.append(commit)
      defer { state.isScheduled = true }
      return !state.isScheduled
    }
    if schedule {
      enqueue { self.commitPending() }
    }
  }

  /// Takes every change waiting and records them, in order, under one hold of the lock.
  private func commitPending() {
    let commits = pending.withLock { state in
      defer { state = PendingCommits() }
      return state.commits
    }
    commitNow(commits)
  }

  /// Records a lossy `change` on the caller's thread if that takes no wait: see the type's
  /// overview. Returns `false` when the change must go to the queue; `condition` and the
  /// files are then as they were, though the cache may have caught up with other writers.
  private func commitOnCallersThread(
    _ change: StoreChange<T>, if condition: Condition, syncingWithin delay: Duration,
    completion: @Sendable (Result<Outcome, PersistenceError>) -> Void
  ) -> Bool {
    let done = access.withLockIfAvailable { _ -> Bool in
      guard queuedJobs.load(ordering: .relaxed) == 0, store.canAppendWithoutBlocking else {
        return false
      }
      var othersChanged = false
      let result: Result<Outcome?, PersistenceError>
      do throws(PersistenceError) {
        let outcome = try store.lock.withExclusiveLockIfUncontended {
          () throws(PersistenceError) -> Outcome? in
          let caughtUp = try catchUp(blocking: false)
          othersChanged = caughtUp.changed
          guard caughtUp.finished else { return nil }
          if let decided = decideBeforeWriting(change, if: condition) { return decided }
          guard try store.appendWithoutBlocking(change) else { return nil }
          apply(change)
          return .stored
        }
        result = .success(outcome ?? nil)
      } catch {
        result = .failure(error)
      }
      if othersChanged { feed.publish(.anything) }
      switch result {
      case .success(nil):
        return false
      case .success(.some(let outcome)):
        condition.release()
        if outcome == .stored {
          if !othersChanged { publishCommitted(change, othersChanged: false) }
          scheduleBackgroundSync(after: delay)
          if store.needsCompaction { enqueue { self.compactIfNeeded() } }
        }
        completion(.success(outcome))
        return true
      case .failure(let error):
        condition.release()
        completion(.failure(error))
        return true
      }
    }
    return done ?? false
  }

  /// What one hold of the lock did with a change.
  private enum Recorded {
    /// `condition` refused it; nothing was written.
    case refused
    /// Stored with nothing left to sync: a rewritten snapshot, or a change that changed
    /// nothing.
    case stored
    /// Appended to the journal, which still needs a sync.
    case appended
    /// Not stored.
    case failed(PersistenceError)
  }

  /// Records `commits` in order under one hold of the store's lock, then makes them durable
  /// with one sync of the journal, and completes each.
  private func commitNow(_ commits: [PendingCommit]) {
    var othersChanged = false
    var recorded: [Recorded] = []
    recorded.reserveCapacity(commits.count)
    var holdFailure: PersistenceError?
    do throws(PersistenceError) {
      try store.lock.withExclusiveLock { () throws(PersistenceError) in
        othersChanged = try catchUp()
        for commit in commits { recorded.append(record(commit)) }
      }
    } catch {
      holdFailure = error
    }
    // The lock or the catch-up failed before the changes it never reached were looked at.
    if let holdFailure {
      for commit in commits[recorded.count...] {
        commit.condition.release()
        recorded.append(.failed(holdFailure))
      }
    }
    var waiting: [PendingCommit] = []
    var stored: [PendingCommit] = []
    for (commit, result) in zip(commits, recorded) {
      switch result {
      case .refused: commit.completion(.success(.refused))
      case .failed(let error): commit.completion(.failure(error))
      case .stored: stored.append(commit)
      case .appended: waiting.append(commit)
      }
    }
    // Other writers' changes go out with this queue's own, once those are durable; alone,
    // at once.
    if othersChanged && stored.isEmpty && waiting.isEmpty { feed.publish(.anything) }
    guard !waiting.isEmpty else {
      finish(stored, othersChanged: othersChanged)
      return
    }
    if case .lossyOnPowerCut(let delay) = store.configuration.durability {
      scheduleBackgroundSync(after: delay)
      finish(stored + waiting, othersChanged: othersChanged)
      return
    }
    if queuedJobs.load(ordering: .relaxed) == 0 && committer.isIdle {
      // Nobody is queued to share a sync with: flushing here, on this queue, saves the
      // thread switches of the group commit and the duplicate descriptor it needs.
      do throws(PersistenceError) {
        try store.synchronizeJournal()
      } catch {
        if othersChanged && stored.isEmpty { feed.publish(.anything) }
        for commit in waiting { commit.completion(.failure(error)) }
        finish(stored, othersChanged: othersChanged)
        return
      }
      finish(stored + waiting, othersChanged: othersChanged)
      return
    }
    finish(stored, othersChanged: othersChanged)
    let sync: JournalSync
    do throws(PersistenceError) {
      sync = try store.prepareJournalSync()
    } catch {
      if othersChanged && stored.isEmpty { feed.publish(.anything) }
      for commit in waiting { commit.completion(.failure(error)) }
      return
    }
    let othersDidChange = othersChanged
    let synced = waiting
    let nothingStored = stored.isEmpty
    committer.sync(sync) { result in
      switch result {
      case .success:
        // Durable now: subscribers hear of it, then the queue checks for a compaction.
        for commit in synced {
          self.publishCommitted(commit.change, othersChanged: othersDidChange)
        }
        for commit in synced { commit.completion(.success(.stored)) }
        self.enqueue { self.compactIfNeeded() }
      case .failure(let error):
        if othersDidChange && nothingStored { self.feed.publish(.anything) }
        for commit in synced { commit.completion(.failure(error)) }
      }
    }
  }

  /// Checks one change's condition and writes it; call it under the store's lock.
  private func record(_ commit: PendingCommit) -> Recorded {
    defer { commit.condition.release() }
    switch decideBeforeWriting(commit.change, if: commit.condition) {
    case .refused: return .refused
    case .stored: return .stored
    case nil: break
    }
    do throws(PersistenceError) {
      return try record(commit.change) ? .appended : .stored
    } catch {
      return .failed(error)
    }
  }

  /// What the cache decides about `change` before anything is written, in one hold of its
  /// lock: ``Outcome/refused`` when `condition` refuses it, ``Outcome/stored`` when it would
  /// change nothing, `nil` when it must be written.
  private func decideBeforeWriting(_ change: StoreChange<T>, if condition: Condition) -> Outcome? {
    cached.withLock { state in
      guard condition.holds(for: state.cache) else { return .refused }
      return change.changesAnything(in: state.cache) ? nil : .stored
    }
  }

  /// Syncs the journal `delay` from now, through the group committer so that appends go on
  /// meanwhile, unless a sync is already scheduled. The job keeps the worker alive until it
  /// has run, so a repository released meanwhile still syncs in time.
  private func scheduleBackgroundSync(after delay: Duration) {
    guard !backgroundSyncIsScheduled else { return }
    backgroundSyncIsScheduled = true
    let parts = delay.components
    let nanoseconds = Int(parts.seconds) * 1_000_000_000 + Int(parts.attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(max(0, nanoseconds))) {
      self.access.withLock { _ in
        self.backgroundSyncIsScheduled = false
        // A failure has no caller to report to; the next change schedules another sync.
        guard let sync = try? self.store.prepareJournalSync() else { return }
        self.committer.sync(sync) { _ in }
      }
    }
  }

  /// Publishes durable changes, folds the journal if it has grown, and completes them; does
  /// nothing for none.
  private func finish(_ commits: [PendingCommit], othersChanged: Bool) {
    guard !commits.isEmpty else { return }
    for commit in commits { publishCommitted(commit.change, othersChanged: othersChanged) }
    compactIfNeeded()
    for commit in commits { commit.completion(.success(.stored)) }
  }

  /// Tells subscribers of a committed `change`: its IDs, or ``RepositoryChange/anything``
  /// when other writers' changes were read with it.
  private func publishCommitted(_ change: StoreChange<T>, othersChanged: Bool) {
    feed.publish(othersChanged ? .anything : RepositoryChange(ids: change.ids))
  }

  /// Writes `change` to the files, then applies it to the cache. A rewrite needs the
  /// resulting cache first: it is built on a copy (a rewrite is O(n) anyway) and installed
  /// once written, or once the new snapshot is in place even if not durable.
  private func record(_ change: StoreChange<T>) throws(PersistenceError) -> Bool {
    var rewritten: Cache?
    let needsSync: Bool
    do throws(PersistenceError) {
      needsSync = try store.record(change) {
        var next = cached.withLock { $0.cache }
        change.apply(to: &next)
        rewritten = next
        return next
      }
    } catch {
      // After `notDurable` the new snapshot is in place: memory keeps matching it.
      if case .notDurable = error, let rewritten { install(rewritten) }
      throw error
    }
    if let rewritten {
      install(rewritten)
    } else {
      apply(change)
    }
    return needsSync
  }

  /// Applies a change that is written to the cache.
  private func apply(_ change: StoreChange<T>) {
    cached.withLock { state in
      state.allItems = nil
      change.apply(to: &state.cache)
      state.cache.compactIfSparse()
    }
  }

  private func install(_ cache: Cache) {
    cached.withLock { state in
      state.allItems = nil
      state.cache = cache
      state.cache.compactIfSparse()
    }
  }
}

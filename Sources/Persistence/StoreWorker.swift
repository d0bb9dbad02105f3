// The part of a repository that touches its files, on a private queue, and the cache that
// readers reach under a lock instead of a hop.

import Dispatch
import Foundation
import Synchronization

/// Runs a ``LocalRepository``'s file work on a private serial Dispatch queue and owns its
/// cache.
///
/// Swift concurrency's cooperative pool has one thread per core; a job that blocks in
/// `flock`, `fsync` or a snapshot rewrite holds one of them and stalls unrelated tasks. So
/// every change, compaction and catch-up with other writers runs here, one at a time, in
/// the order the repository enqueued them, while the repository itself stays a default
/// actor whose reads cost a lock, not two thread switches.
///
/// The cache lives behind a lock. Only the file work changes it, and only for the in-memory
/// steps (applying a change, replaying other writers' records): the lock is never held
/// across an `fsync`, a `flock` wait or a snapshot rewrite, so a read never waits for the
/// disk.
///
/// One exception to "every change on the queue": under
/// ``Durability/lossyOnPowerCut(syncWithin:)`` a change that costs one `write` (the store's
/// lock is free, no job is queued, the journal is open and no snapshot is due) is appended
/// on the caller's thread, and the call returns with no thread switch. Whatever could wait
/// (a `flock` held by another writer, reading the whole store again, an `fsync`, a snapshot
/// rewrite) still goes to the queue. The file work holds ``access`` on the queue and on the
/// caller's thread alike, so it still runs one piece at a time, in order.
final class StoreWorker<T: Codable & Identifiable & Sendable>: @unchecked Sendable
where T.ID: Hashable & Codable & Sendable {
  // Safe to send: `store` and `backgroundSyncIsScheduled` are used only under `access`; the
  // cache only under `cached`'s lock; the rest is Sendable.
  typealias Cache = OrderedCache<T.ID, T>

  /// The cache and ``loadAll()``'s saved answer, kept until the next change: callers such as
  /// view models ask for everything after each change, and building the array is O(n).
  struct Cached {
    var cache: Cache
    var allItems: [T]?
  }

  /// What ``commit(_:if:completion:)`` did.
  enum Outcome: Sendable {
    /// `condition` refused the change; nothing was written.
    case refused
    /// The change is durable.
    case stored
  }

  /// A change's condition, held only until the queue has checked it: the repository lends
  /// it with `withoutActuallyEscaping`, which traps if the closure outlives the call, and a
  /// Dispatch block may be freed after the caller has resumed.
  final class Condition: @unchecked Sendable {
    // Safe to send: set before the job is enqueued, then used and cleared on the queue only.
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

  let store: DiskStore<T>
  let feed = ChangeFeed<T.ID>()
  private let cached: LockedState<Cached>
  private let queue: DispatchQueue
  /// Jobs enqueued that have not yet taken ``access``.
  private let queuedJobs = Atomic<Int>(0)
  /// Held by whatever uses `store`: a job of the queue, or a change appended on the caller's
  /// thread.
  private let access = Mutex(())
  private let committer: GroupCommitter
  /// Whether a background sync of the journal is scheduled, under
  /// ``Durability/lossyOnPowerCut(syncWithin:)``; used under `access` only.
  private var backgroundSyncIsScheduled = false

  init(store: DiskStore<T>, cache: Cache, label: String) {
    self.store = store
    cached = LockedState(Cached(cache: cache))
    queue = RepositoryQueue.make(label: "LocalRepository \(label)")
    committer = GroupCommitter(
      queue: RepositoryQueue.make(label: "LocalRepository sync \(label)"))
  }

  // MARK: Reads, from any thread

  /// The item with the ID `id`, in O(1).
  func find(_ id: T.ID) -> T? {
    cached.withLock { $0.cache[id] }
  }

  /// Every item in insertion order; O(1) when nothing changed since the last call.
  func loadAll() -> [T] {
    cached.withLock { state in
      if let allItems = state.allItems { return allItems }
      let values = state.cache.values
      state.allItems = values
      return values
    }
  }

  // MARK: Jobs on the queue

  /// Runs `job` on the queue after every job enqueued before it.
  func enqueue(_ job: @escaping @Sendable () -> Void) {
    queuedJobs.add(1, ordering: .relaxed)
    queue.async {
      // Counted until it holds `access`, so a change on the caller's thread never overtakes it.
      self.access.withLock { _ in
        self.queuedJobs.subtract(1, ordering: .relaxed)
        job()
      }
    }
  }

  /// Runs `job` on the queue, after every job enqueued before it, and blocks the caller until
  /// it has finished. Only for the rare call that must finish before a synchronous method
  /// returns, such as the first catch-up of a subscription: it holds the caller's thread
  /// for as long as `job` waits for the store's lock.
  func runBlocking(_ job: () -> Void) {
    queue.sync { access.withLock { _ in job() } }
  }

  /// Runs `job` on the queue and suspends until it has finished.
  func run(_ job: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { continuation in
      enqueue {
        job()
        continuation.resume()
      }
    }
  }

  /// Records `change` durably if `condition` holds once caught up with other writers, and
  /// calls `completion` once it is durable (or failed), on the queue or the sync queue.
  ///
  /// Under the store's lock: catch up with other writers, check `condition`, write the
  /// change (append a record, or rewrite the snapshot), and only then apply it to the cache,
  /// so a reader never sees a change whose write failed. Then, outside the lock, sync the
  /// journal: here when no other change is queued and no sync is running, else through the
  /// group committer, which shares one `fsync` among every change appended meanwhile.
  func commit(
    _ change: StoreChange<T>, if condition: Condition,
    completion: @escaping @Sendable (Result<Outcome, PersistenceError>) -> Void
  ) {
    if case .lossyOnPowerCut(let delay) = store.configuration.durability,
      commitOnCallersThread(change, if: condition, syncingWithin: delay, completion: completion)
    {
      return
    }
    enqueue {
      self.commitNow(change, if: condition, completion: completion)
    }
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
          guard cached.withLock({ condition.holds(for: $0.cache) }) else { return .refused }
          guard cached.withLock({ change.changesAnything(in: $0.cache) }) else { return .stored }
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

  private func commitNow(
    _ change: StoreChange<T>, if condition: Condition,
    completion: @escaping @Sendable (Result<Outcome, PersistenceError>) -> Void
  ) {
    var othersChanged = false
    // `nil` when `condition` refused the change; otherwise whether the journal needs a sync.
    let needsSync: Bool?
    do throws(PersistenceError) {
      needsSync = try store.lock.withExclusiveLock { () throws(PersistenceError) -> Bool? in
        othersChanged = try catchUp()
        defer { condition.release() }
        guard cached.withLock({ condition.holds(for: $0.cache) }) else { return nil }
        guard cached.withLock({ change.changesAnything(in: $0.cache) }) else { return false }
        return try record(change)
      }
    } catch {
      condition.release()  // Also when the lock failed before the check.
      if othersChanged { feed.publish(.anything) }
      completion(.failure(error))
      return
    }
    guard let needsSync else {
      if othersChanged { feed.publish(.anything) }
      completion(.success(.refused))
      return
    }
    guard needsSync else {
      finish(change, othersChanged: othersChanged, completion)
      return
    }
    if case .lossyOnPowerCut(let delay) = store.configuration.durability {
      scheduleBackgroundSync(after: delay)
      finish(change, othersChanged: othersChanged, completion)
      return
    }
    if queuedJobs.load(ordering: .relaxed) == 0 && committer.isIdle {
      // Nobody is queued to share a sync with: flushing here, on this queue, saves the
      // thread switches of the group commit and the duplicate descriptor it needs.
      do throws(PersistenceError) {
        try store.synchronizeJournal()
      } catch {
        if othersChanged { feed.publish(.anything) }
        completion(.failure(error))
        return
      }
      finish(change, othersChanged: othersChanged, completion)
      return
    }
    let sync: JournalSync
    do throws(PersistenceError) {
      sync = try store.prepareJournalSync()
    } catch {
      if othersChanged { feed.publish(.anything) }
      completion(.failure(error))
      return
    }
    let othersDidChange = othersChanged
    committer.sync(sync) { result in
      switch result {
      case .success:
        // Durable now: subscribers hear of it, then the queue checks for a compaction.
        self.publishCommitted(change, othersChanged: othersDidChange)
        completion(.success(.stored))
        self.enqueue { self.compactIfNeeded() }
      case .failure(let error):
        if othersDidChange { self.feed.publish(.anything) }
        completion(.failure(error))
      }
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

  /// Publishes a durable change, folds the journal if it has grown, and completes.
  private func finish(
    _ change: StoreChange<T>, othersChanged: Bool,
    _ completion: @Sendable (Result<Outcome, PersistenceError>) -> Void
  ) {
    publishCommitted(change, othersChanged: othersChanged)
    compactIfNeeded()
    completion(.success(.stored))
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

  /// Brings the cache up to date with other writers; returns whether they changed anything.
  /// Call it under `access` and the store's exclusive lock.
  private func catchUp() throws(PersistenceError) -> Bool {
    try catchUp(blocking: true).changed
  }

  /// Like ``catchUp()``; with `blocking` false it stops where ``DiskStore/catchUp(_:blocking:)``
  /// does, and `finished` is then `false`.
  private func catchUp(
    blocking: Bool
  ) throws(PersistenceError) -> (changed: Bool, finished: Bool) {
    let before = store.sequence
    var failure: PersistenceError?
    var finished = true
    cached.withLock { state in
      do throws(PersistenceError) {
        finished = try store.catchUp(&state.cache, blocking: blocking)
      } catch {
        failure = error
      }
      if store.sequence != before { state.allItems = nil }
    }
    if let failure { throw failure }
    return (store.sequence != before, finished)
  }

  /// Folds the journal into a new snapshot once it has outgrown the snapshot.
  ///
  /// The change that triggers it is already durable, so a failure here costs nothing but
  /// a larger journal; the next change tries again.
  func compactIfNeeded() {
    guard store.needsCompaction else { return }
    try? store.lock.withExclusiveLock { () throws(PersistenceError) in
      if try catchUp() { feed.publish(.anything) }
      // A second reference for the length of the write; the next change to the cache
      // happens after it is gone, so it copies nothing.
      let snapshot = cached.withLock { $0.cache }
      try store.compact(snapshot)
    }
  }

  /// Reads the records other writers appended since this repository last looked, makes them
  /// durable and publishes them; does nothing when there are none. Call it on the queue.
  ///
  /// A failure is left for the next change or notification to meet again: a watcher has no
  /// one to report it to, and the cache keeps its last good state.
  func catchUpWithOtherWriters() {
    let changed: Bool
    do {
      changed = try store.lock.withExclusiveLock { () throws(PersistenceError) in
        try catchUp()
      }
    } catch {
      return
    }
    guard changed else { return }
    // The writer may still be syncing its record: sync the journal too before telling
    // anyone, so a subscriber never sees a change that a power cut could take back.
    if store.journal.length > 0 { try? store.synchronizeJournal() }
    feed.publish(.anything)
  }
}

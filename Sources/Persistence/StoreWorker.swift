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
/// The cache lives behind a lock. Only this queue changes it, and only for the in-memory
/// steps (applying a change, replaying other writers' records): the lock is never held
/// across an `fsync`, a `flock` wait or a snapshot rewrite, so a read never waits for the
/// disk.
final class StoreWorker<T: Codable & Identifiable & Sendable>: @unchecked Sendable
where T.ID: Hashable & Codable & Sendable {
  // Safe to send: `store` is used only by jobs on `queue`, which run one at a time; the
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
  private let queuedJobs = Atomic<Int>(0)
  private let committer: GroupCommitter
  /// Whether a background sync of the journal is scheduled, under
  /// ``Durability/lossyOnPowerCut(syncWithin:)``; used on the queue only.
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
      self.queuedJobs.subtract(1, ordering: .relaxed)
      job()
    }
  }

  /// Runs `job` on the queue, after every job enqueued before it, and blocks the caller until
  /// it has finished. Only for the rare call that must finish before a synchronous method
  /// returns, such as the first catch-up of a subscription: it holds the caller's thread
  /// for as long as `job` waits for the store's lock.
  func runBlocking(_ job: () -> Void) {
    queue.sync(execute: job)
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
    enqueue {
      self.commitNow(change, if: condition, completion: completion)
    }
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
    let published: RepositoryChange<T.ID> =
      othersChanged ? .anything : RepositoryChange(ids: change.ids)
    guard needsSync else {
      finish(published, completion)
      return
    }
    if case .lossyOnPowerCut(let delay) = store.configuration.durability {
      scheduleBackgroundSync(after: delay)
      finish(published, completion)
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
      finish(published, completion)
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
        self.feed.publish(published)
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
      self.backgroundSyncIsScheduled = false
      // A failure has no caller to report to; the next change schedules another sync.
      guard let sync = try? self.store.prepareJournalSync() else { return }
      self.committer.sync(sync) { _ in }
    }
  }

  /// Publishes a durable change, folds the journal if it has grown, and completes.
  private func finish(
    _ published: RepositoryChange<T.ID>,
    _ completion: @Sendable (Result<Outcome, PersistenceError>) -> Void
  ) {
    feed.publish(published)
    compactIfNeeded()
    completion(.success(.stored))
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
      cached.withLock { state in
        state.allItems = nil
        change.apply(to: &state.cache)
        state.cache.compactIfSparse()
      }
    }
    return needsSync
  }

  private func install(_ cache: Cache) {
    cached.withLock { state in
      state.allItems = nil
      state.cache = cache
      state.cache.compactIfSparse()
    }
  }

  /// Brings the cache up to date with other writers; returns whether they changed anything.
  /// Call it on the queue under the store's exclusive lock.
  private func catchUp() throws(PersistenceError) -> Bool {
    let before = store.sequence
    var failure: PersistenceError?
    cached.withLock { state in
      do throws(PersistenceError) {
        try store.catchUp(&state.cache)
      } catch {
        failure = error
      }
      if store.sequence != before { state.allItems = nil }
    }
    if let failure { throw failure }
    return store.sequence != before
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

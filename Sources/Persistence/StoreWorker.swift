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

  /// The files; used only under ``access``.
  let store: DiskStore<T>
  /// The subscribers of the repository's changes.
  let feed = ChangeFeed<T.ID>()
  /// The cache, read from any thread, changed only under ``access``.
  let cached: LockedState<Cached>
  /// The private serial queue for file work that may wait.
  let queue: DispatchQueue
  /// Jobs enqueued that have not yet taken ``access``.
  let queuedJobs = Atomic<Int>(0)
  /// Held by whatever uses `store`: a job of the queue, or a change appended on the caller's
  /// thread.
  let access = LockedState(())
  /// Changes waiting for the queue, recorded together by its next job.
  let pending = LockedState(PendingCommits())
  /// Shares one `fsync` of the journal among the changes appended meanwhile.
  let committer: GroupCommitter
  /// Whether a background sync of the journal is scheduled, under
  /// ``Durability/lossyOnPowerCut(syncWithin:)``; used under `access` only.
  var backgroundSyncIsScheduled = false

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

  /// Brings the cache up to date with other writers; returns whether they changed anything.
  /// Call it under `access` and the store's exclusive lock.
  func catchUp() throws(PersistenceError) -> Bool {
    try catchUp(blocking: true).changed
  }

  /// Like ``catchUp()``; with `blocking` false it stops where ``DiskStore/catchUp(_:blocking:)``
  /// does, and `finished` is then `false`.
  func catchUp(
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

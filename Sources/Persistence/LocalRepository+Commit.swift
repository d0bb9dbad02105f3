// How a change reaches the files and the cache: one synchronous step on the actor, then a sync.

import Foundation

extension LocalRepository {
  /// What the synchronous step of a change did.
  enum Recorded {
    /// The condition refused the change; nothing was written.
    case refused
    /// Durable already: a rewritten snapshot, or a change that changed nothing.
    case stored
    /// Appended to the journal, which still needs a sync.
    case appended
  }

  /// Records `change` durably if `condition` holds for the items once caught up with other
  /// writers; returns whether it did.
  ///
  /// First one straight-line, synchronous step on the actor's queue (``record(_:if:)``):
  /// lock, catch up, check, write, apply. Nothing else runs on the actor meanwhile, so no
  /// other change can slip in between the check and the write. Then, for a journal record,
  /// the wait for a sync that covers it (``waitUntilDurable()``), shared with every change
  /// appended meanwhile; subscribers hear of the change only once it is durable.
  @discardableResult
  func commit(
    _ change: StoreChange<T>, if condition: (Cache) -> Bool = { _ in true }
  ) async throws(PersistenceError) -> Bool {
    let (recorded, othersChanged) = try record(change, if: condition)
    switch recorded {
    case .refused:
      if othersChanged { feed.publish(.anything) }
      return false
    case .appended:
      if case .lossyOnPowerCut(let delay) = store.configuration.durability {
        scheduleBackgroundSync(after: delay)
      } else {
        do throws(PersistenceError) {
          try await waitUntilDurable()
        } catch {
          if othersChanged { feed.publish(.anything) }
          throw error
        }
      }
    case .stored:
      break
    }
    feed.publish(othersChanged ? .anything : RepositoryChange(ids: change.ids))
    await compactIfNeeded()
    return true
  }

  /// Under the store's exclusive lock: catches up with other writers, checks `condition`,
  /// writes `change` (appends a record, or rewrites the snapshot), and only then applies it
  /// to the cache, so the cache never holds a change whose write failed.
  ///
  /// - Returns: What was done, and whether other writers' changes were read on the way.
  private func record(
    _ change: StoreChange<T>, if condition: (Cache) -> Bool
  ) throws(PersistenceError) -> (Recorded, othersChanged: Bool) {
    var othersChanged = false
    let recorded = try store.lock.withExclusiveLock(keepingIt: keepLockForTheNextJob()) {
      heldAllAlong throws(PersistenceError) -> Recorded in
      // Held since the previous change: nobody else can have written meanwhile.
      if !heldAllAlong { othersChanged = try catchUp() }
      guard condition(cache) else { return .refused }
      guard change.changesAnything(in: cache) else { return .stored }
      return try write(change) ? .appended : .stored
    }
    return (recorded, othersChanged)
  }

  /// Whether to keep the store's lock once this change is written: yes while other jobs wait
  /// on the actor's queue, most often more changes of a burst, which then need no `flock`
  /// and no look for other writers of their own. A job enqueued now, behind them, lets go
  /// of the lock, so another process waits at most for the burst queued so far.
  private func keepLockForTheNextJob() -> Bool {
    guard executor.hasWaitingJobs else { return false }
    if !lockReleaseIsScheduled {
      lockReleaseIsScheduled = true
      Task { self.releaseKeptLock() }
    }
    return true
  }

  /// Lets go of the store's lock kept for a burst of changes.
  private func releaseKeptLock() {
    lockReleaseIsScheduled = false
    store.lock.releaseKept()
  }

  /// Writes `change` to the files, then applies it to the cache; returns whether the journal
  /// must still be synced. A rewrite needs the resulting cache first: it is built on a copy
  /// (a rewrite is O(n) anyway) and installed once written, or once the new snapshot is in
  /// place even if not durable.
  private func write(_ change: StoreChange<T>) throws(PersistenceError) -> Bool {
    var rewritten: Cache?
    let needsSync: Bool
    do throws(PersistenceError) {
      needsSync = try store.record(change) {
        var next = cache
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
      allItems = nil
      change.apply(to: &cache)
      cache.compactIfSparse()
    }
    return needsSync
  }

  /// Replaces the cache with `next`.
  private func install(_ next: Cache) {
    allItems = nil
    cache = next
    cache.compactIfSparse()
  }

  /// Brings the cache up to date with what other writers did; returns whether they changed
  /// anything. Call it under the store's exclusive lock.
  func catchUp() throws(PersistenceError) -> Bool {
    // The cache is only changed where replaying succeeded: `DiskStore` replaces it whole
    // or applies whole records.
    guard try store.catchUp(&cache) else { return false }
    allItems = nil
    return true
  }

  /// Reads the store again after its folder was removed or renamed away: the cache becomes
  /// what is at the path now, as a repository opened there would read it, and nothing is
  /// created there. Whether that changed anything.
  func catchUpWithRemovedFolder() throws(PersistenceError) -> Bool {
    let before = store.sequence
    let hadItems = !cache.isEmpty
    cache = try store.load()
    guard store.sequence != before || hadItems || !cache.isEmpty else { return false }
    allItems = nil
    return true
  }

  /// Folds the journal into a new snapshot once it has outgrown the snapshot.
  ///
  /// Most of a compaction's cost runs off the actor, which meanwhile goes on answering reads
  /// and taking changes: encoding every item, on the pool (pure work, no waiting), then
  /// writing and flushing the bytes to a temporary file beside the snapshot, on a queue made
  /// for this compaction (blocking I/O never runs on the pool, and the syncer stays free for
  /// the saves' flushes). Back on the actor, under the lock, the temporary file is renamed
  /// over the snapshot and the journal keeps only the records appended meanwhile; only that
  /// file work holds the actor. If another writer compacted meanwhile, the temporary file is
  /// removed.
  ///
  /// The change that triggers it is already durable, and its caller waits for the compaction
  /// to end before it returns (so that a short-lived process, such as one command, leaves a
  /// compacted store behind); its suspension leaves the actor free. A failure here costs
  /// nothing but a larger journal; the next change tries again.
  func compactIfNeeded() async {
    guard store.needsCompaction, compaction == nil else { return }
    let items = loadAll()
    let point = store.compactionPoint
    let configuration = store.configuration
    let location = store.snapshot.location
    let fileSystem = store.snapshot.fileSystem
    compaction = Task {
      let bytes = try? await Self.encodeSnapshot(
        items, version: configuration.schemaVersion, sequence: point.sequence,
        for: location.fileURL)
      var prepared: DurableFileWriter.Prepared?
      if let bytes {
        prepared = await Self.run(on: RepositoryQueue.make(label: "compaction \(location.path)")) {
          try? SnapshotFile.prepare(
            encoded: bytes, at: location, fileSystem: fileSystem, configuration: configuration)
        }
      }
      self.install(prepared, at: point)
    }
    await compactionFinished()
  }

  /// Returns once the compaction under way, if any, has installed or dropped its snapshot.
  func compactionFinished() async {
    await compaction?.value
  }

  /// Encodes a snapshot on the cooperative pool, off the actor.
  @concurrent private static func encodeSnapshot(
    _ items: [T], version: Int, sequence: Int, for file: URL
  ) async throws(PersistenceError) -> [UInt8] {
    try SnapshotFile.encode(items, version: version, sequence: sequence, for: file)
  }

  /// Runs `work`, blocking file work, on `queue`, and returns its result.
  private static func run<Result: Sendable>(
    on queue: DispatchQueue, _ work: @escaping @Sendable () -> Result
  ) async -> Result {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: work()) }
    }
  }

  /// Puts the snapshot written off the actor in place, unless the files moved on without it.
  private func install(
    _ prepared: DurableFileWriter.Prepared?, at point: DiskStore<T>.CompactionPoint
  ) {
    compaction = nil
    guard let prepared else { return }
    var othersChanged = false
    var handedOver = false
    _ = try? store.lock.withExclusiveLock { () throws(PersistenceError) in
      othersChanged = try catchUp()
      handedOver = true  // Installed or removed by `compact`, whatever happens.
      return try store.compact(prepared, at: point)
    }
    if !handedOver { store.snapshot.discard(prepared) }
    if othersChanged { feed.publish(.anything) }
  }
}

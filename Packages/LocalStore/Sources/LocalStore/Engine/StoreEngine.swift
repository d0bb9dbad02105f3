// The byte-level engine under a typed store: lock, journal, snapshot, group commit, compaction.

import Dispatch
import Foundation

/// One store's files and everything that changes them, in bytes: the lock, the journal, the
/// snapshot, the syncs that make records durable (shared by the saves that wait together),
/// and compaction. It knows nothing of the items: records go in and come back as payloads,
/// and its ``StoreReplica`` (the typed layer) decodes them.
///
/// Its one way to change the store is ``transaction(_:)``: under the store's lock, once the
/// records other writers appended since it last looked are handed to the replica, the
/// caller's closure decides, synchronously, and writes (``Transaction/write(_:snapshot:applied:)``);
/// then the transaction returns once that write is durable, as ``Durability`` says.
///
/// Not `Sendable`: the typed store (``LocalRepository``) owns it as part of its actor's
/// isolated state, on that actor's own executor (``StoreExecutor``), so the compiler checks
/// that nothing touches it from anywhere else. Its asynchronous steps run on that actor too.
final class StoreEngine {
  /// The snapshot file, `<filename>`.
  let fileURL: URL
  /// Layout, size cap, lock timeout, durability, schema version and migrations.
  let configuration: StoreConfiguration
  /// The queue every step runs on: the owning actor's executor.
  let executor: StoreExecutor
  /// The serial queue that syncs the journal for saves waiting together, so that the actor
  /// answers reads and takes the next saves while the `fsync` runs.
  let syncer: DispatchQueue
  /// The store's lock, `<filename>.lock`, which writers take in turn.
  let lock: StoreLock
  /// The journal, `<filename>.journal`, and what this engine knows of it.
  let journal: Journal
  /// The snapshot, `<filename>`, and which version of it this engine last read or wrote.
  let snapshot: Snapshot
  /// The typed layer, which applies what is read and encodes snapshots.
  let replica: any StoreReplica
  /// The sequence number of the last change read or written.
  var sequence = 0
  /// Whether the snapshot is missing or in an older format, so the next change rewrites it.
  var snapshotIsOutdated = false
  /// Where this engine's records stand on their way to stable storage, and who waits.
  var sync = SyncState<CheckedContinuation<Void, Never>>()
  /// The task that ends a lossy burst's lease on the lock and runs its background sync when
  /// due, while either is (see ``scheduleBackgroundSync(after:isolation:)``), and when it
  /// looks next.
  var lossyTimer: LossyTimer?
  /// The changes waiting for the lock to be let go, to give other writers a turn.
  var changesWaitingForTheLock: [CheckedContinuation<Void, Never>] = []
  /// Until when this engine's changes stay off the store's lock, if they do.
  var othersTurnEnds: ContinuousClock.Instant?
  /// Why this store takes no more changes: a failed sync whose changes could not be taken
  /// back. `nil` while it works.
  var brokenBy: PersistenceError?
  /// Where compaction stands.
  var compaction = CompactionPhase.idle

  /// Reads the store at `location` into `replica` on the calling thread, for an engine that
  /// will run on `executor`; `isCancelled` is asked while it waits for another writer's lock.
  init(
    location: StoreLocation, configuration: StoreConfiguration, fileSystem: any FileSystem,
    executor: StoreExecutor, replica: any StoreReplica, isCancelled: () -> Bool = { false }
  ) throws {
    snapshot = Snapshot(location: location, fileSystem: fileSystem, configuration: configuration)
    journal = Journal(
      path: location.path + ".journal", directory: location.directory, fileSystem: fileSystem,
      maximumSize: configuration.maximumFileSize)
    lock = StoreLock(
      location: location, fileSystem: fileSystem, timeout: configuration.lockTimeout)
    self.configuration = configuration
    self.executor = executor
    self.replica = replica
    fileURL = location.fileURL
    syncer = StoreExecutor.makeQueue(label: "LocalRepository sync \(location.path)")
    TemporaryFileName.removeLeftovers(of: location, fileSystem: fileSystem, lock: lock)
    let read: Void? = try lock.withSharedLock(isCancelled: isCancelled) {
      () throws(PersistenceError) in
      try reloadEverything()
    }
    guard read != nil else { throw CancellationError() }
  }

  /// The task that keeps the lossy promises, and when it wakes next.
  struct LossyTimer {
    let task: Task<Void, Never>
    var wakesAt: ContinuousClock.Instant
  }
}

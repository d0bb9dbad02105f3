// The knobs of a store: size cap, lock timeout, schema version and its migrations.

/// How a ``LocalRepository`` reads, writes and upgrades its file.
///
/// The defaults suit most apps; change them when opening the repository:
///
/// ```swift
/// var configuration = StoreConfiguration()
/// configuration.maximumFileSize = 1 << 30
/// ```
public struct StoreConfiguration: Sendable {
  /// The largest file the repository agrees to read, in bytes; 256 MiB by default.
  ///
  /// The whole store is loaded into memory, so the cap keeps a wrong path or a runaway file
  /// from exhausting memory. A larger file makes `init` throw
  /// ``PersistenceError/fileTooLarge(_:size:limit:)`` without reading it. Writes keep to
  /// the same cap: a change that would take the snapshot or the journal past it throws
  /// ``PersistenceError/wouldExceedSizeLimit(_:size:limit:)`` and changes nothing.
  public var maximumFileSize: Int64 = 256 << 20

  /// How long a change waits for another writer of the same store before it fails with
  /// ``PersistenceError/lockTimeout(_:seconds:)``; 10 seconds by default.
  public var lockTimeout: Duration = .seconds(10)

  /// The version of the stored items' shape that this code writes; 1 by default.
  ///
  /// A file at an older version is upgraded with ``migrations`` when it is read, and written
  /// back at this version on the next change. A file at a newer version is refused.
  public var schemaVersion = 1

  /// The steps that upgrade items from one schema version to the next.
  public var migrations: [StoreMigration] = []

  /// How the store is laid out on disk: ``StorageStrategy/journal`` by default.
  public var strategy = StorageStrategy.journal

  /// When a change counts as stored: ``Durability/durable`` (synced before it returns) by
  /// default. ``Durability/lossyOnPowerCut(syncWithin:)`` returns once the change is written
  /// and can lose the last moments of changes on a power cut; read its discussion first.
  public var durability = Durability.durable

  /// The journal is folded into the snapshot once it is larger than both the snapshot and
  /// this many bytes (256 KiB); tests lower it to exercise compaction on small stores.
  var minimumCompactionSize: Int64 = 256 << 10

  /// How many bytes each read of a snapshot's streamed open asks for (1 MiB); tests lower it
  /// to end reads inside lines and inside characters.
  var snapshotChunkSize = 1 << 20

  /// How long a burst of ``Durability/lossyOnPowerCut(syncWithin:)`` saves keeps the store's
  /// lock at most (20 ms, or the sync delay if shorter): what another writer may wait for it
  /// beyond the saves themselves. Tests change it to see both ends.
  var lossyLockLease: Duration = .milliseconds(20)

  /// How long changes that follow each other closely may keep the store's lock before they
  /// let it go for a moment, so that another writer waiting for it gets a turn (50 ms).
  var longestLockHold: Duration = .milliseconds(50)

  /// The default configuration.
  public init() {}
}

// The stores measured side by side, from the original pattern to the bare write+fsync floor.

/// One store under test.
enum Contender: String, CaseIterable, Codable, Sendable {
  /// The original pattern, ``OriginalRepository``: re-encodes every item and writes the file
  /// atomically on each save.
  case original
  /// `LocalRepository<Question>` with the default configuration.
  case journal
  /// `LocalRepository<Question>` with `strategy = .rewrite`.
  case rewrite
  /// `LocalRepository<Question>` with `durability = .lossyOnPowerCut(syncWithin: 100 ms)`:
  /// returns once written, syncs in the background.
  case relaxed
  /// `LocalRepository<Question>` with the default configuration and one subscriber of
  /// `changes()` reading every change, as a live list on screen would.
  case watched
  /// `SyncedRepository<Question>` (LocalStoreSync) with the default configuration: the
  /// journal store whose every change is also its outbox entry, in the same record.
  case synced
  /// SQLite in WAL mode with `synchronous=FULL`, on the calling task's thread.
  case sqliteFull
  /// The same SQLite database on a serial Dispatch queue, awaited from the calling task: the
  /// shape of GRDB's `DatabasePool` writer, which pays the same two thread switches as a store
  /// that keeps `fsync` off the cooperative pool.
  case sqliteFullQueued
  /// SQLite in WAL mode with `synchronous=NORMAL`, on the calling task's thread.
  case sqliteNormal
  /// One record appended to an open file with `write` + `fsync`.
  case floor
  /// The same `write` + `fsync`, run on a serial Dispatch queue and awaited from a task: the
  /// least a save can cost while keeping `fsync` off the cooperative pool.
  case queuedFloor
  /// The same `write` without `fsync`, on a serial Dispatch queue and awaited from a task:
  /// the least a save that leaves syncing for later can cost while keeping its file work
  /// (and the file lock it may wait for) off the cooperative pool.
  case queuedWrite

  /// The contenders built on actors, which tasks can share.
  static let shared: [Contender] = [.original, .journal, .rewrite]

  /// The contenders of one batch into an empty store: SQLite once per `synchronous` level,
  /// since a batch written on a queue is the same transaction.
  static let batch: [Contender] = allCases.filter { ![.sqliteFullQueued, .synced].contains($0) }

  /// The contenders of the durable save under load: the store, SQLite `FULL` on the caller's
  /// thread and on a queue, and the queued floor.
  static let underLoad: [Contender] = [.journal, .sqliteFull, .sqliteFullQueued, .queuedFloor]

  /// The name shown in the tables.
  var label: String {
    switch self {
    case .original: "original pattern"
    case .journal: "LocalRepository .journal"
    case .rewrite: "LocalRepository .rewrite"
    case .relaxed: "LocalRepository lossy"
    case .watched: "LocalRepository watched"
    case .synced: "SyncedRepository"
    case .sqliteFull: "SQLite WAL sync=FULL"
    case .sqliteFullQueued: "SQLite FULL on a queue"
    case .sqliteNormal: "SQLite WAL sync=NORMAL"
    case .floor: "write+fsync floor"
    case .queuedFloor: "write+fsync on a queue"
    case .queuedWrite: "write on a queue"
    }
  }

  /// The file name of the store inside its folder.
  var filename: String {
    switch self {
    case .original, .journal, .rewrite, .relaxed, .watched, .synced: "questions.json"
    case .sqliteFull, .sqliteFullQueued, .sqliteNormal: "questions.sqlite"
    case .floor, .queuedFloor, .queuedWrite: "questions.log"
    }
  }
}

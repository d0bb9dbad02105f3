// The rows of the performance table, each one a name `--only` and `BENCH_ONLY` accept.

/// One row of the table the store is judged by; the suite runs the workloads a selection of
/// rows needs, and judges only those rows.
enum BenchmarkRow: String, CaseIterable, Codable, Sendable, Comparable {
  /// A durable save at 10,000 stored, against SQLite `FULL` and `write`+`fsync` on a queue.
  case durable
  /// The same save with two busy processes per core beside the benchmark, against SQLite
  /// `FULL` under the same load.
  case loaded
  /// A `lossyOnPowerCut` save at 10,000 stored, against `write` on a queue.
  case lossy
  /// A read from the main actor while 1,000 saves are in flight.
  case read
  /// 1,000 concurrent saves against the same 1,000 one after another.
  case concurrent
  /// One batch of 100,000 into an empty store, against the original pattern and SQLite.
  case batch
  /// Opening that batch cold, with `open` and with `init`, against the original's load.
  case open
  /// The peak memory of that open against the store's size on disk.
  case memory
  /// A durable save beside another process saving lossy in a tight loop: p99 and longest,
  /// quiet and with the loaded row's busy processes.
  case fairness
  /// A durable save of the SQLite store at 10,000 stored, against GRDB's `DatabasePool`.
  case sqliteDurable = "sqlite-durable"
  /// One batch of 100,000 into an empty SQLite store, against GRDB's transaction.
  case sqliteBatch = "sqlite-batch"
  /// A store of a million: opened to its first page, its peak memory, `find(by:)` by key.
  case million
  /// Sync with a real Kinto: a push and a pull of 10,000 against kinto-http creating them,
  /// and what one change costs on the wire.
  case sync
  /// 50 devices of one account, 200 changes each, on Kinto over PostgreSQL, until they agree.
  case syncScale = "sync-scale"

  /// What the row measures, for `--help`.
  var summary: String {
    switch self {
    case .durable: "durable save, 10,000 stored: vs SQLite WAL FULL and write+fsync on a queue"
    case .loaded: "the same with two busy processes per core: vs SQLite WAL FULL, same load"
    case .lossy: "lossyOnPowerCut save, 10,000 stored: vs write on a queue"
    case .read: "main-actor read while 1,000 saves are in flight: p99 and median"
    case .concurrent: "1,000 concurrent saves vs 1,000 sequential"
    case .batch: "batch of 100,000: vs the original pattern's write and SQLite"
    case .open: "cold open of that batch, open() and init: vs the original's load"
    case .memory: "peak memory of that open: vs the file's size"
    case .fairness: "durable save beside a lossy writer's tight loop: p99, max, quiet and loaded"
    case .sqliteDurable: "SQLiteRepository durable save, 10,000 stored: vs GRDB DatabasePool FULL"
    case .sqliteBatch: "SQLiteRepository batch of 100,000: vs GRDB's one transaction"
    case .million: "1,000,000 stored: open to first page, its peak memory, find(by:) vs GRDB"
    case .sync: "push and pull of 10,000 on a real Kinto: vs kinto-http; one change's traffic"
    case .syncScale: "50 devices x 200 changes on Kinto over PostgreSQL: time to agree, requests"
    }
  }

  static func < (lhs: BenchmarkRow, rhs: BenchmarkRow) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}

// Everything one run measured, as written to .build/bench/results.json.

/// The results of one run, one row per contender and size.
struct BenchmarkResults: Codable {
  /// Sequential saves on a store already holding `storedItems`.
  struct SaveRow: Codable {
    var contender: Contender
    var storedItems: Int
    /// The CPU-burning processes running beside the saves; 0 for the unloaded runs.
    var busyProcesses: Int
    var saves: Int
    var medianMicroseconds: Double
    var p99Microseconds: Double
    /// The process's voluntary thread switches per timed save, every thread's: each
    /// hop that parks one thread and wakes another counts. `nil` in results written before
    /// it was measured.
    var threadSwitchesPerSave: Double?
  }

  /// The busy processes of the loaded row, as they were when the saves ended.
  struct LoadReport: Codable {
    var busyProcesses: Int
    /// How long they ran.
    var seconds: Double
    /// Whether every one was still running when the saves ended; if not, part of the saves
    /// ran without the load, and the row is not judged.
    var heldThroughout: Bool
    /// The CPU time each got, on average, over the time it ran: 1 is a whole core.
    var cpuSharePerProcess: Double
  }

  /// One batch written to an empty store, the median of ``BenchmarkSizes/batchRuns``.
  struct BatchRow: Codable {
    var contender: Contender
    var items: Int
    var runs: Int
    var seconds: Double
    var bytesOnDisk: Int
  }

  /// Opening an existing store and reading it into memory.
  struct OpenRow: Codable {
    var opening: Opening
    var items: Int
    var runs: Int
    var medianSeconds: Double
  }

  /// Per-call cost of lookups from a task and whole reads from the main actor.
  struct LookupRow: Codable {
    var contender: Contender
    var storedItems: Int
    var finds: Int
    var findMicroseconds: Double
    var loadAlls: Int
    var loadAllMicroseconds: Double
  }

  /// The median and the 99th percentile of one kind of call.
  struct Spread: Codable {
    var count: Int
    var medianMicroseconds: Double
    var p99Microseconds: Double

    init(_ samples: DurationSamples) {
      count = samples.count
      medianMicroseconds = samples.median.microseconds
      p99Microseconds = samples.p99.microseconds
    }
  }

  /// Reads from the main actor during bursts of concurrent saves, and alone just after.
  struct ReadRow: Codable {
    var storedItems: Int
    var savesPerBurst: Int
    var bursts: Int
    /// `find(by:)` while the saves were in flight: the row's target.
    var find: Spread
    /// `loadAll()` while the saves were in flight, alternating with the finds.
    var loadAll: Spread
    /// `find(by:)` with no save in flight, as many reads, just after each burst.
    var idleFind: Spread
    /// `loadAll()` with no save in flight.
    var idleLoadAll: Spread
    /// The median time from one read's start to the next one's with no save in flight: the
    /// reader's pace, a read and a 100 µs sleep.
    var intervalMicroseconds: Double
  }

  /// The same number of saves issued one after another, then all at once from a task group.
  struct ConcurrencyRow: Codable {
    var contender: Contender
    var storedItems: Int
    var saves: Int
    var sequentialSeconds: Double
    var concurrentSeconds: Double
    /// Concurrent throughput over sequential throughput.
    var throughputRatio: Double
  }

  /// Peak resident memory of a child process that opens a store.
  struct MemoryRow: Codable {
    var opening: Opening
    var items: Int
    var baselineKiB: Int
    var peakKiB: Int
    /// Resident memory after the open returned, the store still open.
    var residentKiB: Int
    var bytesOnDisk: Int
    /// `(peak - baseline)` over the store's size on disk.
    var ratio: Double
  }

  /// Durable saves beside another process saving lossy in a tight loop.
  struct FairnessRow: Codable {
    /// The CPU-burning processes running beside them; 0 for the quiet run.
    var busyProcesses: Int
    /// Whether the other process saved beside them; `false` for the saves alone.
    var besideLossyLoop: Bool
    var saves: Int
    var medianMicroseconds: Double
    var p99Microseconds: Double
    var maxMicroseconds: Double
    /// How fast the other process saved, over its whole run.
    var otherWriterSavesPerSecond: Double?
    /// Whether every busy process still ran when the saves ended.
    var loadHeldThroughout: Bool
    var cpuSharePerBusyProcess: Double?
  }

  var machine: MachineInfo
  var sizes: BenchmarkSizes
  /// The rows run, in the table's order; every row for the whole suite.
  var rows: [BenchmarkRow]
  /// Whether the whole suite ran, with the checks that are not rows of the table.
  var isWholeSuite: Bool
  var recordBytes: Int
  var sequentialSaves: [SaveRow] = []
  var load: LoadReport?
  var batches: [BatchRow] = []
  var coldOpens: [OpenRow] = []
  var lookups: [LookupRow] = []
  var reads: ReadRow?
  var concurrency: [ConcurrencyRow] = []
  var peakMemory: [MemoryRow] = []
  var fairness: [FairnessRow] = []
  /// The SQLite store's rows, against GRDB and the journal store.
  var sqliteStores: SQLiteStoreReport?
  /// The `sync` row.
  var sync: SyncReport?
  /// The `sync-scale` row.
  var syncScale: SyncScaleReport?
  var targets: [TargetResult] = []
  var totalSeconds: Double = 0
  /// `/proc/loadavg` when the run ended; compare with ``MachineInfo/loadAverage``.
  var loadAverageAtEnd = ""
}

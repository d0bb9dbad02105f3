// Everything one run measured, as written to .build/bench/results.json.

/// The results of one run, one row per contender and size.
struct BenchmarkResults: Codable {
  /// Sequential durable saves on a store already holding `storedItems`.
  struct SaveRow: Codable {
    var contender: Contender
    var storedItems: Int
    var saves: Int
    var medianMicroseconds: Double
    var p99Microseconds: Double
  }

  /// One batch written to an empty store.
  struct BatchRow: Codable {
    var contender: Contender
    var items: Int
    var seconds: Double
    var bytesOnDisk: Int
  }

  /// Opening an existing store and reading it into memory.
  struct OpenRow: Codable {
    var contender: Contender
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

  /// The same number of saves issued one after another, then all at once from a task group.
  struct ConcurrencyRow: Codable {
    var contender: Contender
    var storedItems: Int
    var saves: Int
    var sequentialSeconds: Double
    var concurrentSeconds: Double
    /// Concurrent throughput over sequential throughput.
    var throughputRatio: Double
    /// `find(by:)` calls made from a `.userInitiated` task while the concurrent saves, at
    /// `.medium`, were in flight.
    var reads: Int
    /// Their 99th percentile: what a screen's read waits while saves are syncing.
    var readP99Microseconds: Double
    /// The 99th percentile of the same reads made meanwhile from a task at the saves' own
    /// priority, which wait for the saves queued before them.
    var samePriorityReadP99Microseconds: Double
  }

  /// Peak resident memory of a child process that opens a store.
  struct MemoryRow: Codable {
    var contender: Contender
    var items: Int
    var baselineKiB: Int
    var peakKiB: Int
    /// Resident memory after the open returned, the store still open.
    var residentKiB: Int
    var bytesOnDisk: Int
    /// `(peak - baseline)` over the store's size on disk.
    var ratio: Double
  }

  var machine: MachineInfo
  var sizes: BenchmarkSizes
  var recordBytes: Int
  var sequentialSaves: [SaveRow] = []
  var batches: [BatchRow] = []
  var coldOpens: [OpenRow] = []
  var lookups: [LookupRow] = []
  var concurrency: [ConcurrencyRow] = []
  var peakMemory: [MemoryRow] = []
  var targets: [TargetResult] = []
  var totalSeconds: Double = 0
  /// `/proc/loadavg` when the run ended; compare with ``MachineInfo/loadAverage``.
  var loadAverageAtEnd = ""
}

// How much work each workload does: the full sizes of `make bench`, the small ones of `--quick`.

/// The sizes of one run.
struct BenchmarkSizes: Codable, Sendable {
  /// `full` or `quick`.
  var mode: String
  /// How many items are stored before the sequential saves are timed, in the whole suite.
  var storeSizes: [Int]
  /// The store size the save rows are judged at; the only one timed when rows are selected.
  var targetStoreSize: Int
  /// The most saves timed at each store size.
  var savesPerSize: Int
  /// The fewest saves timed at each store size, whatever the budget says.
  var minimumSaves: Int
  /// Untimed saves before the timed ones, so first-save setup is not counted.
  var warmUpSaves: Int
  /// Once one store's timed saves have taken this long, it stops at ``minimumSaves`` or more.
  var secondsPerSize: Double
  /// The most saves timed per store under load: more than without, as the load spreads them.
  var loadedSaves: Int
  /// How many CPU-burning processes per core run beside the loaded row's saves.
  var busyProcessesPerCore: Int
  /// The longest a busy process lives, whatever happens to the benchmark; the workload stops
  /// them as soon as its saves are done.
  var busyProcessSeconds: Int
  /// The items written by one `save(contentsOf:)`, then opened cold and probed for memory.
  var batchSize: Int
  /// How many times each batch is written, store after store; the median is reported.
  var batchRuns: Int
  /// How many times each cold open is timed; the median is reported.
  var coldOpenRuns: Int
  /// The items stored for the lookup workload.
  var lookupStoreSize: Int
  /// `find(by:)` calls from a task.
  var finds: Int
  /// `loadAll()` calls from the main actor.
  var loadAlls: Int
  /// Saves in the concurrent and the sequential runs.
  var concurrentSaves: Int
  /// The items stored before the concurrent and sequential runs, and before each burst of
  /// the read row.
  var concurrencyStoreSize: Int
  /// How many times each of the concurrent and the sequential runs is timed; the ratio is
  /// taken between their medians.
  var concurrencyRuns: Int
  /// Whether the original pattern's concurrency is shown beside the store's: each of its
  /// saves rewrites the whole file, which takes most of the quick run's minute on a busy disk.
  var concurrencyShowsOriginal: Bool
  /// Saves in flight, all at once, while the main actor reads.
  var readSaves: Int
  /// How many bursts of ``readSaves`` the main actor reads through.
  var readBursts: Int
  /// Durable saves timed beside the lossy loop, quiet and again under load.
  var fairnessSaves: Int

  /// The sizes the targets are set at.
  static let full = BenchmarkSizes(
    mode: "full", storeSizes: [1_000, 3_000, 10_000, 100_000], targetStoreSize: 10_000,
    savesPerSize: 200, minimumSaves: 10, warmUpSaves: 3, secondsPerSize: 20, loadedSaves: 400,
    busyProcessesPerCore: 2, busyProcessSeconds: 300, batchSize: 100_000, batchRuns: 3,
    coldOpenRuns: 5, lookupStoreSize: 10_000, finds: 5_000, loadAlls: 1_000,
    concurrentSaves: 1_000, concurrencyStoreSize: 1_000, concurrencyRuns: 3,
    concurrencyShowsOriginal: true, readSaves: 1_000, readBursts: 30, fairnessSaves: 400)

  /// Small enough to finish in well under a minute; every row is still measured and judged,
  /// at these sizes.
  static let quick = BenchmarkSizes(
    mode: "quick", storeSizes: [1_000, 3_000, 10_000, 20_000], targetStoreSize: 10_000,
    savesPerSize: 40, minimumSaves: 5, warmUpSaves: 2, secondsPerSize: 1.5, loadedSaves: 60,
    busyProcessesPerCore: 2, busyProcessSeconds: 60, batchSize: 20_000, batchRuns: 2,
    coldOpenRuns: 3, lookupStoreSize: 10_000, finds: 2_000, loadAlls: 200,
    concurrentSaves: 100, concurrencyStoreSize: 1_000, concurrencyRuns: 3,
    concurrencyShowsOriginal: false, readSaves: 1_000, readBursts: 4, fairnessSaves: 80)

  /// The items of the large store the `million` row opens to its first page and reads by key.
  var largeStoreSize: Int { mode == "full" ? 1_000_000 : 50_000 }

  /// The items one device pushes and another pulls in the `sync` row.
  var syncItems: Int { mode == "full" ? 10_000 : 1_000 }
  /// How many times the `sync` row pushes, pulls and runs kinto-http, in turn.
  var syncRuns: Int { mode == "full" ? 3 : 1 }
  /// The devices of the `sync-scale` row.
  var scaleDevices: Int { mode == "full" ? 50 : 10 }
  /// The changes each device of the `sync-scale` row makes.
  var scaleChangesPerDevice: Int { mode == "full" ? 200 : 20 }

  /// The smallest store size, the reference for the growth target.
  var smallestStore: Int { storeSizes.first ?? 0 }

  /// The largest store size, where the growth target is checked.
  var largestStore: Int { storeSizes.last ?? 0 }
}

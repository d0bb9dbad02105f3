// What the SQLite store's rows measured: saves, batches, and a store of a million items.

/// The SQLite store (`SQLiteRepository`) beside its peer, GRDB's `DatabasePool`, and beside
/// the journal store (`LocalRepository`), so that one table says when to choose which.
struct SQLiteStoreReport: Codable {
  /// One of the three stores.
  enum Store: String, Codable, CaseIterable, Sendable {
    case sqliteRepository, grdb, journal

    var label: String {
      switch self {
      case .sqliteRepository: "SQLiteRepository"
      case .grdb: "GRDB DatabasePool"
      case .journal: "LocalRepository .journal"
      }
    }
  }

  /// Durable saves of new items into a store already holding `storedItems`.
  struct Saves: Codable {
    var store: Store
    var storedItems: Int
    var saves: Int
    var medianMicroseconds: Double
    var p99Microseconds: Double
  }

  /// One batch into an empty store, the median of `runs`.
  struct Batch: Codable {
    var store: Store
    var items: Int
    var runs: Int
    var seconds: Double
  }

  /// Opening the large store and reading its size and first page.
  struct FirstPage: Codable {
    var store: Store
    var items: Int
    var runs: Int
    var medianMicroseconds: Double
    /// `VmHWM` growth of a child process that did the same; `nil` if not probed.
    var peakGrowthKiB: Int?
    var bytesOnDisk: Int
  }

  /// `find(by:)` of random stored IDs in the large store, from a task.
  struct Finds: Codable {
    var store: Store
    var storedItems: Int
    var finds: Int
    var medianMicroseconds: Double
    var p99Microseconds: Double
  }

  var saves: [Saves] = []
  var batches: [Batch] = []
  var firstPages: [FirstPage] = []
  var finds: [Finds] = []
}

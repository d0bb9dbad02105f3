// The SQLite store's rows: durable saves and a batch against GRDB, and a store of a million
// items opened to its first page, probed for memory and read by key; the journal store beside.

import Foundation
import LocalStore
import LocalStoreSQLite
import Models

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Measures `SQLiteRepository` against GRDB's `DatabasePool` and the journal store, for the
/// rows `sqlite-durable`, `sqlite-batch` and `million`.
struct SQLiteStoreWorkload {
  typealias Store = SQLiteStoreReport.Store

  let context: BenchmarkContext
  let rows: Set<BenchmarkRow>

  /// How many items a list shows first: what opening to the first page reads.
  static let firstPage = 50

  /// One open store of one of the three kinds.
  enum OpenStore: Sendable {
    case sqlite(SQLiteRepository<Question>)
    case grdb(GRDBStore)
    case journal(LocalRepository<Question>)

    func save(_ question: Question) async throws {
      switch self {
      case .sqlite(let store): try await store.save(question)
      case .grdb(let store): try await store.save(question, record: [])
      case .journal(let store): try await store.save(question)
      }
    }

    func save(contentsOf questions: [Question]) async throws {
      switch self {
      case .sqlite(let store): try await store.save(contentsOf: questions)
      case .grdb(let store): try await store.save(contentsOf: questions)
      case .journal(let store): try await store.save(contentsOf: questions)
      }
    }

    func find(by id: UUID) async throws -> Question? {
      switch self {
      case .sqlite(let store): await store.find(by: id)
      case .grdb(let store): try await store.find(by: id)
      case .journal(let store): await store.find(by: id)
      }
    }
  }

  /// The store's file in its folder.
  static func filename(_ store: Store) -> String {
    switch store {
    case .sqliteRepository: "questions.sqlite"
    case .grdb: "grdb.sqlite"
    case .journal: "questions.json"
    }
  }

  /// Opens `store` in `folder` as an app opens it: durable, off the caller's thread.
  static func open(_ store: Store, in folder: URL) async throws -> OpenStore {
    let name = filename(store)
    switch store {
    case .sqliteRepository:
      return .sqlite(try await SQLiteRepository<Question>.open(directory: folder, filename: name))
    case .grdb:
      return .grdb(try GRDBStore(path: folder.appendingPathComponent(name).path))
    case .journal:
      return .journal(try await LocalRepository<Question>.open(directory: folder, filename: name))
    }
  }

  /// Opens `store` in `folder` and reads what a list shows first: its size and first page.
  static func openFirstPage(_ store: Store, in folder: URL) async throws -> (Int, Int) {
    let repository: any Repository<Question> =
      switch try await open(store, in: folder) {
      case .sqlite(let repository): repository
      case .journal(let repository): repository
      case .grdb: throw BenchmarkError.probeFailed("first page", "GRDB has no list here")
      }
    let count = await repository.count()
    let page = await repository.items(offset: 0, limit: firstPage)
    return (count, page.count)
  }

  func run() async throws -> SQLiteStoreReport {
    var report = SQLiteStoreReport()
    if rows.contains(.sqliteDurable) { report.saves = try await durableSaves() }
    if rows.contains(.sqliteBatch) { report.batches = try await batches() }
    if rows.contains(.million) {
      (report.firstPages, report.finds) = try await largeStore()
    }
    return report
  }

  /// Durable saves of new items at 10,000 stored, the three stores in turn in blocks of 10,
  /// the file systems synced between blocks.
  private func durableSaves() async throws -> [SQLiteStoreReport.Saves] {
    let stored = context.sizes.targetStoreSize
    let saves = context.sizes.savesPerSize
    var stores: [(Store, OpenStore)] = []
    for store in Store.allCases {
      context.progress("sqlite-durable: filling \(store.label) with \(Format.count(stored))")
      let open = try await Self.open(store, in: try context.scratch.folder("durable-\(store)"))
      try await open.save(contentsOf: try QuestionBatch(count: stored).questions)
      stores.append((store, open))
    }
    let fresh = try QuestionBatch(count: (saves + 3) * stores.count, firstNumber: stored)
    var next = 0
    var samples: [Store: DurationSamples] = [:]
    for (_, open) in stores {
      for _ in 0..<3 {  // Untimed: first-save set-up.
        try await open.save(fresh.questions[next])
        next += 1
      }
    }
    context.progress("sqlite-durable: \(saves) saves each")
    let clock = ContinuousClock()
    for block in 0..<(saves / 10) {
      context.scratch.settle()
      for turn in 0..<stores.count {
        let (store, open) = stores[(block + turn) % stores.count]
        for _ in 0..<10 {
          let question = fresh.questions[next]
          next += 1
          let start = clock.now
          try await open.save(question)
          samples[store, default: DurationSamples()].append(start.duration(to: clock.now))
        }
      }
    }
    return stores.map { store, _ in
      let spread = samples[store] ?? DurationSamples()
      return SQLiteStoreReport.Saves(
        store: store, storedItems: stored, saves: spread.count,
        medianMicroseconds: spread.median.microseconds, p99Microseconds: spread.p99.microseconds)
    }
  }

  /// One batch into an empty store, each store in turn, ``BenchmarkSizes/batchRuns`` rounds.
  private func batches() async throws -> [SQLiteStoreReport.Batch] {
    let size = context.sizes.batchSize
    let batch = try QuestionBatch(count: size)
    var samples: [Store: DurationSamples] = [:]
    let clock = ContinuousClock()
    for round in 0..<context.sizes.batchRuns {
      for store in Store.allCases {
        context.progress("sqlite-batch: \(store.label), round \(round + 1)")
        let folder = try context.scratch.folder("batch-\(store)-\(round)")
        let open = try await Self.open(store, in: folder)
        context.scratch.settle()
        let start = clock.now
        try await open.save(contentsOf: batch.questions)
        samples[store, default: DurationSamples()].append(start.duration(to: clock.now))
        context.scratch.discard(folder)
      }
    }
    return Store.allCases.map { store in
      let spread = samples[store] ?? DurationSamples()
      return SQLiteStoreReport.Batch(
        store: store, items: size, runs: spread.count, seconds: spread.median.seconds)
    }
  }

  /// A store of ``BenchmarkSizes/largeStoreSize`` items of each kind: opened to its first
  /// page (timed, and probed for memory in a child process), then read by key.
  private func largeStore() async throws -> (
    [SQLiteStoreReport.FirstPage], [SQLiteStoreReport.Finds]
  ) {
    let size = context.sizes.largeStoreSize
    let chunk = 100_000
    var folders: [Store: URL] = [:]
    var filling: [(Store, OpenStore)] = []
    for store in Store.allCases {
      let folder = try context.scratch.folder("large-\(store)")
      folders[store] = folder
      filling.append((store, try await Self.open(store, in: folder)))
    }
    // The same questions in every store, a chunk at a time, so that every store holds the
    // IDs the finds look up.
    var sample: [UUID] = []
    for first in stride(from: 0, to: size, by: chunk) {
      context.progress(
        "million: filling every store, \(Format.count(first)) of \(Format.count(size))")
      let batch = try QuestionBatch(count: min(chunk, size - first), firstNumber: first)
      for (_, open) in filling { try await open.save(contentsOf: batch.questions) }
      sample += batch.questions.indices.filter { $0 % 97 == 0 }.map { batch.questions[$0].id }
    }
    filling.removeAll()
    context.scratch.settle()

    var pages: [SQLiteStoreReport.FirstPage] = []
    let clock = ContinuousClock()
    for store in [Store.sqliteRepository, .journal] {
      guard let folder = folders[store] else { continue }
      // Opening the journal store reads every item: a couple of runs say enough.
      let runs = store == .journal ? min(2, context.sizes.coldOpenRuns) : context.sizes.coldOpenRuns
      var samples = DurationSamples()
      for run in 0..<runs {
        context.progress("million: \(store.label) open to first page, run \(run + 1)")
        let start = clock.now
        let (count, page) = try await Self.openFirstPage(store, in: folder)
        samples.append(start.duration(to: clock.now))
        guard count == size, page == Self.firstPage else {
          throw BenchmarkError.probeFailed(store.label, "read \(count) items, a page of \(page)")
        }
      }
      context.progress("million: \(store.label) peak memory")
      let probe = try probeFirstPage(store, in: folder)
      pages.append(
        SQLiteStoreReport.FirstPage(
          store: store, items: size, runs: samples.count,
          medianMicroseconds: samples.median.microseconds,
          peakGrowthKiB: probe.peakKiB - probe.baselineKiB,
          bytesOnDisk: context.scratch.bytes(in: folder)))
    }

    var finds: [SQLiteStoreReport.Finds] = []
    var stores: [(Store, OpenStore)] = []
    for store in Store.allCases {
      guard let folder = folders[store] else { continue }
      stores.append((store, try await Self.open(store, in: folder)))
    }
    var samples: [Store: DurationSamples] = [:]
    let lookups = context.sizes.finds
    context.progress("million: \(lookups) finds each")
    for block in 0..<max(lookups / 100, 1) {
      for (store, open) in stores {
        for index in 0..<100 {
          let id = sample[(block * 100 + index) * 7919 % sample.count]
          let start = clock.now
          let found = try await open.find(by: id)
          samples[store, default: DurationSamples()].append(start.duration(to: clock.now))
          guard found?.id == id else {
            throw BenchmarkError.probeFailed(store.label, "find(by:) missed a stored id")
          }
        }
      }
    }
    for (store, _) in stores {
      let spread = samples[store] ?? DurationSamples()
      finds.append(
        SQLiteStoreReport.Finds(
          store: store, storedItems: size, finds: spread.count,
          medianMicroseconds: spread.median.microseconds, p99Microseconds: spread.p99.microseconds))
    }
    stores.removeAll()
    for folder in folders.values { context.scratch.discard(folder) }
    return (pages, finds)
  }

  /// Starts this same executable as `first-page-probe` and decodes the line it prints.
  private func probeFirstPage(_ store: Store, in folder: URL) throws -> MemoryProbe.Report {
    let process = Process()
    process.executableURL =
      Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [FirstPageProbe.subcommand, store.rawValue, folder.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let report = try? JSONDecoder().decode(MemoryProbe.Report.self, from: data)
    else {
      throw BenchmarkError.probeFailed(store.label, "first-page probe failed")
    }
    return report
  }
}

// One run of the workloads the selected rows need, in order: tables on stdout, everything in
// .build/bench/results.json.

import Foundation

/// Runs the workloads side by side on one scratch folder and reports; it never asserts.
struct BenchmarkSuite {
  let sizes: BenchmarkSizes
  /// The rows to run; `nil` for the whole suite: every row at every store size, with every
  /// contender, and the checks that are not rows of the table.
  let rows: Set<BenchmarkRow>?

  /// The folder for results and scratch stores: `.build/bench` under the current directory,
  /// the repository's root folder under `make bench`.
  static var outputFolder: URL {
    URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
      .appendingPathComponent(".build/bench", isDirectory: true)
  }

  /// Runs everything off the main actor and returns the exit code: 0 whether or not the
  /// targets were met, 1 only when the harness itself failed.
  @concurrent
  func run() async -> Int32 {
    let clock = ContinuousClock()
    let start = clock.now
    let scratch: ScratchFolder
    do {
      scratch = try ScratchFolder(in: Self.outputFolder)
    } catch {
      FileHandle.standardError.write(
        Data("error: cannot create the scratch folder: \(error)\n".utf8))
      return 1
    }
    defer { scratch.remove() }
    let context = BenchmarkContext(sizes: sizes, scratch: scratch)
    let selected = rows ?? Set(BenchmarkRow.allCases)
    do {
      var results = try BenchmarkResults(
        machine: MachineInfo(scratch: scratch), sizes: sizes, rows: selected.sorted(),
        isWholeSuite: rows == nil, recordBytes: QuestionBatch(count: 100).averageRecordSize)
      print(header(results))
      try await measure(selected, into: &results, context: context)
      results.loadAverageAtEnd = MachineInfo.currentLoadAverage()
      results.targets = BenchmarkTargets(results: results).evaluate()
      results.totalSeconds = start.duration(to: clock.now).seconds
      print(ResultReport(results: results).text)
      let file = try write(results)
      print(
        "Run took \(Duration.seconds(results.totalSeconds).readable)\nResults in \(file.path)")
      return 0
    } catch {
      FileHandle.standardError.write(Data("error: the benchmark could not finish: \(error)\n".utf8))
      return 1
    }
  }

  /// Runs the workloads `selected` needs, each once, and keeps what they measured.
  private func measure(
    _ selected: Set<BenchmarkRow>, into results: inout BenchmarkResults,
    context: BenchmarkContext
  ) async throws {
    let stored = [sizes.targetStoreSize]
    if rows == nil {
      results.sequentialSaves = try await SequentialSaveWorkload(
        context: context, contenders: Contender.allCases, storeSizes: sizes.storeSizes
      ).run().rows
    } else if !selected.isDisjoint(with: [.durable, .lossy, .loaded]) {
      // Only the contenders the selected rows compare, at the size they are judged at; the
      // loaded row compares its store with the unloaded one.
      var contenders: [Contender] = []
      if !selected.isDisjoint(with: [.durable, .loaded]) {
        contenders += [.journal, .synced, .sqliteFull, .sqliteFullQueued, .queuedFloor, .floor]
      }
      if selected.contains(.lossy) { contenders += [.relaxed, .queuedWrite, .sqliteNormal] }
      results.sequentialSaves = try await SequentialSaveWorkload(
        context: context, contenders: contenders, storeSizes: stored
      ).run().rows
    }
    if selected.contains(.loaded) {
      let loaded = try await SequentialSaveWorkload(
        context: context, contenders: Contender.underLoad, storeSizes: stored,
        saves: sizes.loadedSaves,
        busyProcesses: sizes.busyProcessesPerCore * results.machine.logicalCores
      ).run()
      results.sequentialSaves += loaded.rows
      results.load = loaded.load
    }
    if !selected.isDisjoint(with: [.batch, .open, .memory]) {
      let batch = try await BatchWorkload(context: context).run()
      results.batches = batch.rows
      if selected.contains(.open) {
        results.coldOpens = try await ColdOpenWorkload(context: context, folders: batch.folders)
          .run()
      }
      if selected.contains(.memory) {
        results.peakMemory = try PeakMemoryWorkload(context: context, folders: batch.folders)
          .run()
      }
      for folder in batch.folders.values { context.scratch.discard(folder) }
    }
    if rows == nil {
      results.lookups = try await LookupWorkload(context: context).run()
    }
    if selected.contains(.read) {
      results.reads = try await ReadDuringSavesWorkload(context: context).run()
    }
    if selected.contains(.concurrent) {
      results.concurrency = try await ConcurrencyWorkload(context: context).run()
    }
    let sqliteRows = selected.intersection([.sqliteDurable, .sqliteBatch, .million])
    if !sqliteRows.isEmpty {
      results.sqliteStores = try await SQLiteStoreWorkload(context: context, rows: sqliteRows)
        .run()
    }
    if selected.contains(.sync) {
      results.sync = try await SyncWorkload(context: context).run()
    }
    if selected.contains(.syncScale) {
      results.syncScale = try await SyncScaleWorkload(context: context).run()
    }
    if selected.contains(.fairness) {
      results.fairness = try await FairnessWorkload(context: context).run(
        busyProcesses: sizes.busyProcessesPerCore * results.machine.logicalCores)
    }
  }

  private func header(_ results: BenchmarkResults) -> String {
    let machine = results.machine
    let rows =
      results.isWholeSuite ? "every row" : results.rows.map(\.rawValue).joined(separator: ", ")
    return """
      Benchmarks, \(sizes.mode) sizes, \(rows)
      Machine: \(machine.cpuModel), \(machine.logicalCores) cores, \(machine.memoryGiB) GiB, \
      \(machine.operatingSystem)
      Kernel: \(machine.kernel)
      Swift: \(machine.swiftVersion)
      SQLite: \(machine.sqliteVersion), WAL; journal_mode and synchronous read back on every \
      connection
      Scratch folder: \(machine.scratchFolder)
      File system: \(machine.fileSystem)
      Load average at start: \(machine.loadAverage)
      Items: Question, \(results.recordBytes) bytes of JSON each
      Original pattern: the actor of a widely copied article, which this package grew from; it
      re-encodes every item and rewrites the whole file on each save

      """
  }

  /// Writes `results` as pretty-printed JSON into ``outputFolder``.
  private func write(_ results: BenchmarkResults) throws -> URL {
    let file = Self.outputFolder.appendingPathComponent("results.json")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(results).write(to: file, options: .atomic)
    return file
  }
}

// The targets the repository is measured against, each one ratio of medians from a run's results.

/// Checks a run against the performance targets the package aims at, row by row, with the
/// figures that explain each row reported beside it (`info`).
struct BenchmarkTargets {
  let results: BenchmarkResults

  func evaluate() -> [TargetResult] {
    var targets = results.rows.flatMap(targets(for:))
    if results.isWholeSuite { targets += otherChecks() }
    return targets
  }

  /// The targets of `row`, then its reported figures.
  private func targets(for row: BenchmarkRow) -> [TargetResult] {
    let stored = results.sizes.targetStoreSize
    let atStored = "\(Format.count(stored)) stored"
    let batch = Format.count(results.sizes.batchSize)
    switch row {
    case .durable:
      return [
        compare(
          "durable save, \(atStored): LocalRepository / SQLite WAL FULL (pragma read back)",
          row, save(.journal, stored), save(.sqliteFull, stored), .atMost, 1),
        compare(
          "durable save, \(atStored): LocalRepository / write+fsync awaited on a serial queue",
          row, save(.journal, stored), save(.queuedFloor, stored), .atMost, 1.2),
        compare(
          "durable save, \(atStored): LocalRepository / SQLite FULL awaited on a serial queue",
          row, save(.journal, stored), save(.sqliteFullQueued, stored), nil, nil),
        compare(
          "durable save, \(atStored): write+fsync on a queue / on the caller's thread",
          row, save(.queuedFloor, stored), save(.floor, stored), nil, nil),
        compare(
          "durable save, \(atStored): SyncedRepository (its outbox mark in the same record)"
            + " / LocalRepository", row, save(.synced, stored), save(.journal, stored), .atMost,
          1.1),
        compare(
          "thread switches per durable save: LocalRepository / write+fsync awaited on a serial queue",
          row, switches(.journal, stored), switches(.queuedFloor, stored), .atMost, 1,
          unit: .count),
      ]
    case .loaded:
      let busy = results.load?.busyProcesses ?? 0
      let held = results.load?.heldThroughout ?? false
      let loaded = "durable save, \(atStored), \(busy) busy processes"
      return [
        compare(
          "\(loaded): LocalRepository / SQLite WAL FULL under the same load", row,
          held ? save(.journal, stored, loaded: true) : nil,
          save(.sqliteFull, stored, loaded: true), .atMost, 1),
        compare(
          "\(loaded): LocalRepository / SQLite FULL awaited on a serial queue", row,
          save(.journal, stored, loaded: true), save(.sqliteFullQueued, stored, loaded: true),
          nil, nil),
        compare(
          "\(loaded): LocalRepository / write+fsync awaited on a serial queue", row,
          save(.journal, stored, loaded: true), save(.queuedFloor, stored, loaded: true), nil,
          nil),
        compare(
          "durable save, \(atStored): with the busy processes / without them", row,
          save(.journal, stored, loaded: true), save(.journal, stored), nil, nil),
      ]
    case .lossy:
      return [
        compare(
          "lossyOnPowerCut save, \(atStored): LocalRepository / write awaited on a serial queue",
          row, save(.relaxed, stored), save(.queuedWrite, stored), .atMost, 1.5),
        compare(
          "lossyOnPowerCut save, \(atStored): LocalRepository / SQLite NORMAL on the caller's"
            + " thread", row, save(.relaxed, stored), save(.sqliteNormal, stored), nil, nil),
        compare(
          "save, \(atStored): write awaited on a serial queue / SQLite NORMAL", row,
          save(.queuedWrite, stored), save(.sqliteNormal, stored), nil, nil),
      ]
    case .read:
      let reads = results.reads
      let during = "while \(Format.count(results.sizes.readSaves)) saves are in flight"
      return [
        TargetResult(
          "main-actor find(by:) \(during): p99 of \(Format.count(reads?.find.count ?? 0))",
          row: row, .below, 2_000, unit: .microseconds, measured: reads?.find.p99Microseconds),
        TargetResult(
          "main-actor find(by:) \(during): median", row: row, .below, 100, unit: .microseconds,
          measured: reads?.find.medianMicroseconds),
        TargetResult(
          "main-actor loadAll() \(during): p99", row: row, nil, nil, unit: .microseconds,
          measured: reads?.loadAll.p99Microseconds),
        TargetResult(
          "main-actor loadAll() \(during): median", row: row, nil, nil, unit: .microseconds,
          measured: reads?.loadAll.medianMicroseconds),
        TargetResult(
          "main-actor find(by:) with no save in flight: p99", row: row, nil, nil,
          unit: .microseconds, measured: reads?.idleFind.p99Microseconds),
        TargetResult(
          "main-actor find(by:) with no save in flight: median", row: row, nil, nil,
          unit: .microseconds, measured: reads?.idleFind.medianMicroseconds),
      ]
    case .fairness:
      return results.fairness.flatMap { fairness -> [TargetResult] in
        let beside =
          (fairness.besideLossyLoop
            ? "durable save beside a lossy tight loop, " : "durable save alone, ")
          + (fairness.busyProcesses == 0 ? "quiet" : "\(fairness.busyProcesses) busy processes")
        // A load that ended before the saves did leaves the loaded figures unjudged, and the
        // saves alone are there for comparison.
        let judged =
          fairness.besideLossyLoop && (fairness.busyProcesses == 0 || fairness.loadHeldThroughout)
        return [
          TargetResult(
            "\(beside): p99 of \(Format.count(fairness.saves))", row: row,
            judged ? .atMost : nil, 50_000, unit: .microseconds,
            measured: fairness.p99Microseconds),
          TargetResult(
            "\(beside): longest", row: row, judged ? .atMost : nil, 200_000,
            unit: .microseconds, measured: fairness.maxMicroseconds),
          TargetResult(
            "\(beside): median", row: row, nil, nil, unit: .microseconds,
            measured: fairness.medianMicroseconds),
        ]
      }
    case .concurrent:
      let saves = Format.count(results.sizes.concurrentSaves)
      return [
        concurrency(
          "\(saves) saves, LocalRepository: concurrent / sequential throughput",
          row, .journal, .atLeast, 10),
        concurrency(
          "\(saves) saves, original pattern: concurrent / sequential throughput",
          row, .original, nil, nil),
      ]
    case .batch:
      return [
        compare(
          "batch of \(batch): LocalRepository / the original pattern's write", row,
          batchTime(.journal), batchTime(.original), .atMost, 1, unit: .seconds),
        compare(
          "batch of \(batch): LocalRepository / SQLite WAL FULL", row, batchTime(.journal),
          batchTime(.sqliteFull), .below, 1, unit: .seconds),
      ]
    case .open:
      return [
        compare(
          "cold open of \(batch): LocalRepository.open / the original pattern's load", row,
          open(.journalOpen), open(.original), .atMost, 0.8, unit: .seconds),
        compare(
          "cold open of \(batch): LocalRepository.init / the original pattern's load", row,
          open(.journalInit), open(.original), .atMost, 0.8, unit: .seconds),
      ]
    case .sqliteDurable, .sqliteBatch, .million:
      return sqliteTargets(for: row)
    case .sync, .syncScale:
      return syncTargets(for: row)
    case .memory:
      return [
        memory("peak memory opening \(batch) with open(): growth / file", row, .journalOpen, 3),
        memory("peak memory opening \(batch) with init: growth / file", row, .journalInit, nil),
      ]
    }
  }

  /// The targets of earlier rounds that are not rows of the table, checked by the whole suite.
  private func otherChecks() -> [TargetResult] {
    let sizes = results.sizes
    let small = sizes.smallestStore
    let large = sizes.largestStore
    return [
      compare(
        "save at 3,000 stored: original pattern / LocalRepository", nil, save(.original, 3_000),
        save(.journal, 3_000), .atLeast, 50),
      compare(
        "save, LocalRepository: at \(Format.count(large)) stored / at \(Format.count(small))",
        nil, save(.journal, large), save(.journal, small), .atMost, 2),
      TargetResult(
        "loadAll() from the main actor at \(Format.count(sizes.lookupStoreSize)) stored, per call",
        row: nil, .below, 20, unit: .microseconds,
        measured: lookup(.journal)?.loadAllMicroseconds),
      compare(
        "find(by:) from a task: LocalRepository / the original pattern's actor", nil,
        lookup(.journal)?.findMicroseconds, lookup(.original)?.findMicroseconds, nil, nil),
    ]
  }

  /// The unit of the two figures a ratio is taken from.
  enum FigureUnit {
    case microseconds, seconds, count

    func format(_ value: Double) -> String {
      switch self {
      case .count: "\((value * 100).rounded() / 100)"
      case .microseconds: Duration.microseconds(value).readable
      case .seconds: Duration.seconds(value).readable
      }
    }
  }

  /// `numerator / denominator` against `limit`, with both figures in the detail.
  func compare(
    _ name: String, _ row: BenchmarkRow?, _ numerator: Double?, _ denominator: Double?,
    _ comparison: TargetResult.Comparison?, _ limit: Double?,
    unit: FigureUnit = .microseconds
  ) -> TargetResult {
    var measured: Double?
    var detail: String?
    if let numerator, let denominator, denominator > 0 {
      measured = numerator / denominator
      detail = "\(unit.format(numerator)) against \(unit.format(denominator))"
    }
    return TargetResult(name, row: row, comparison, limit, measured: measured, detail: detail)
  }

  private func concurrency(
    _ name: String, _ row: BenchmarkRow, _ contender: Contender,
    _ comparison: TargetResult.Comparison?, _ limit: Double?
  ) -> TargetResult {
    let found = results.concurrency.first { $0.contender == contender }
    return TargetResult(
      name, row: row, comparison, limit, measured: found?.throughputRatio,
      detail: found.map {
        "\(Duration.seconds($0.sequentialSeconds).readable) against "
          + Duration.seconds($0.concurrentSeconds).readable
      })
  }

  private func memory(
    _ name: String, _ row: BenchmarkRow, _ opening: Opening, _ limit: Double?
  ) -> TargetResult {
    let found = results.peakMemory.first { $0.opening == opening }
    return TargetResult(
      name, row: row, limit == nil ? nil : .atMost, limit, measured: found?.ratio,
      detail: found.map {
        "\(Format.bytes(($0.peakKiB - $0.baselineKiB) * 1024)) for \(Format.bytes($0.bytesOnDisk))"
      })
  }

  /// The median save of `contender` at `stored`, with or without the busy processes.
  /// The thread switches per save of `contender`'s unloaded saves at `stored`.
  private func switches(_ contender: Contender, _ stored: Int) -> Double? {
    results.sequentialSaves.first {
      $0.contender == contender && $0.storedItems == stored && $0.busyProcesses == 0
    }?
    .threadSwitchesPerSave
  }

  private func save(_ contender: Contender, _ stored: Int, loaded: Bool = false) -> Double? {
    results.sequentialSaves.first {
      $0.contender == contender && $0.storedItems == stored && ($0.busyProcesses > 0) == loaded
    }?
    .medianMicroseconds
  }

  private func batchTime(_ contender: Contender) -> Double? {
    results.batches.first { $0.contender == contender }?.seconds
  }

  private func lookup(_ contender: Contender) -> BenchmarkResults.LookupRow? {
    results.lookups.first { $0.contender == contender }
  }

  private func open(_ opening: Opening) -> Double? {
    results.coldOpens.first { $0.opening == opening }?.medianSeconds
  }
}

// The targets the repository is measured against, each one ratio from a run's results.

/// Checks a run against the performance targets the package aims at; every comparison uses medians.
struct BenchmarkTargets {
  let results: BenchmarkResults

  func evaluate() -> [TargetResult] {
    let sizes = results.sizes
    let small = sizes.smallestStore
    let large = sizes.largestStore
    let batch = Format.count(sizes.batchSize)
    let saves = Format.count(sizes.concurrentSaves)
    return [
      TargetResult(
        "durable save at 10,000 stored: .journal / write+fsync on a queue", .atMost, 1.2,
        measured: ratio(save(.journal, 10_000), save(.queuedFloor, 10_000))),
      TargetResult(
        "durable save at 10,000 stored: .journal / SQLite sync=FULL", .atMost, 1,
        measured: ratio(save(.journal, 10_000), save(.sqliteFull, 10_000))),
      TargetResult(
        "loadAll() from the main actor at 10,000 stored, .journal", .below, 20,
        unit: .microseconds, measured: lookup(.journal)?.loadAllMicroseconds),
      TargetResult(
        "find(by:) p99 from a .userInitiated task while \(saves) saves are in flight, .journal",
        .below, 1_000, unit: .microseconds,
        measured: results.concurrency.first { $0.contender == .journal }?.readP99Microseconds),
      TargetResult(
        "\(saves) saves, .journal: concurrent / sequential throughput", .atLeast, 10,
        measured: results.concurrency.first { $0.contender == .journal }?.throughputRatio),
      TargetResult(
        "one batch of \(batch): .journal / original pattern's one write", .atMost, 1,
        measured: ratio(batchTime(.journal), batchTime(.original))),
      TargetResult(
        "one batch of \(batch): .journal / SQLite sync=FULL", .below, 1,
        measured: ratio(batchTime(.journal), batchTime(.sqliteFull))),
      TargetResult(
        "cold open of \(batch): .journal / original pattern's load", .atMost, 0.8,
        measured: ratio(open(.journal), open(.original))),
      TargetResult(
        "peak memory for \(batch), .journal: (VmHWM - baseline) / store on disk", .atMost, 3,
        measured: results.peakMemory.first { $0.contender == .journal }?.ratio),
      TargetResult(
        "save at 10,000 stored: lossyOnPowerCut / SQLite sync=NORMAL", .atMost, 1,
        measured: ratio(save(.relaxed, 10_000), save(.sqliteNormal, 10_000))),
      TargetResult(
        "find(by:) from a task, .journal / original pattern's actor (reported)", .atMost, 100,
        measured: ratio(lookup(.journal)?.findMicroseconds, lookup(.original)?.findMicroseconds)),
      TargetResult(
        "find(by:) p99 at the saves' priority while \(saves) are in flight (reported)",
        .below, 20_000, unit: .microseconds,
        measured: results.concurrency.first { $0.contender == .journal }?
          .samePriorityReadP99Microseconds),
      TargetResult(
        "save at 10,000 stored: lossyOnPowerCut / write on a queue (reported)", .atMost, 2,
        measured: ratio(save(.relaxed, 10_000), save(.queuedWrite, 10_000))),
      TargetResult(
        "save at 10,000 stored: write on a queue / SQLite sync=NORMAL (reported)", .atMost, 1,
        measured: ratio(save(.queuedWrite, 10_000), save(.sqliteNormal, 10_000))),
      TargetResult(
        "durable save at 10,000 stored: .journal / write+fsync floor (reported)", .atMost, 2,
        measured: ratio(save(.journal, 10_000), save(.floor, 10_000))),
      TargetResult(
        "save at 3,000 stored: original pattern / .journal", .atLeast, 50,
        measured: ratio(save(.original, 3_000), save(.journal, 3_000))),
      TargetResult(
        "save, .journal: at \(Format.count(large)) stored / at \(Format.count(small)) stored",
        .atMost, 2, measured: ratio(save(.journal, large), save(.journal, small))),
    ]
  }

  private func save(_ contender: Contender, _ stored: Int) -> Double? {
    results.sequentialSaves.first { $0.contender == contender && $0.storedItems == stored }?
      .medianMicroseconds
  }

  private func batchTime(_ contender: Contender) -> Double? {
    results.batches.first { $0.contender == contender }?.seconds
  }

  private func lookup(_ contender: Contender) -> BenchmarkResults.LookupRow? {
    results.lookups.first { $0.contender == contender }
  }

  private func open(_ contender: Contender) -> Double? {
    results.coldOpens.first { $0.contender == contender }?.medianSeconds
  }

  private func ratio(_ numerator: Double?, _ denominator: Double?) -> Double? {
    guard let numerator, let denominator, denominator > 0 else { return nil }
    return numerator / denominator
  }
}

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
        "durable save at 10,000 stored: .journal / write+fsync floor", .atMost, 1.5,
        measured: ratio(save(.journal, 10_000), save(.floor, 10_000))),
      TargetResult(
        "durable save at 10,000 stored: .journal / SQLite sync=FULL", .below, 1,
        measured: ratio(save(.journal, 10_000), save(.sqliteFull, 10_000))),
      TargetResult(
        "save at 3,000 stored: original pattern / .journal", .atLeast, 50,
        measured: ratio(save(.original, 3_000), save(.journal, 3_000))),
      TargetResult(
        "save, .journal: at \(Format.count(large)) stored / at \(Format.count(small)) stored",
        .atMost, 2, measured: ratio(save(.journal, large), save(.journal, small))),
      TargetResult(
        "\(saves) saves, .journal: concurrent / sequential throughput", .atLeast, 10,
        measured: results.concurrency.first { $0.contender == .journal }?.throughputRatio),
      TargetResult(
        "cold open of \(batch): .journal / original pattern's load", .atMost, 1,
        measured: ratio(open(.journal), open(.original))),
      TargetResult(
        "cold open of \(batch): .journal / SQLite open+SELECT+decode", .atMost, 1,
        measured: ratio(open(.journal), open(.sqliteFull))),
      TargetResult(
        "peak memory for \(batch), .journal: (VmHWM - baseline) / store on disk", .atMost, 3,
        measured: results.peakMemory.first { $0.contender == .journal }?.ratio),
    ]
  }

  private func save(_ contender: Contender, _ stored: Int) -> Double? {
    results.sequentialSaves.first { $0.contender == contender && $0.storedItems == stored }?
      .medianMicroseconds
  }

  private func open(_ contender: Contender) -> Double? {
    results.coldOpens.first { $0.contender == contender }?.medianSeconds
  }

  private func ratio(_ numerator: Double?, _ denominator: Double?) -> Double? {
    guard let numerator, let denominator, denominator > 0 else { return nil }
    return numerator / denominator
  }
}

// The results of a run as text: one table per workload, then the targets with PASS or MISS.

/// Renders ``BenchmarkResults`` for a person to read.
struct ResultReport {
  let results: BenchmarkResults

  var text: String {
    [saves, batches, coldOpens, lookups, concurrency, peakMemory, targets]
      .joined(separator: "\n")
  }

  private var saves: String {
    var table = TextTable(
      "Sequential durable saves (per save; same new items for every store)",
      headers: ["store", "stored", "saves", "median", "p99"])
    for row in results.sequentialSaves {
      table.add([
        row.contender.label, Format.count(row.storedItems), Format.count(row.saves),
        Duration.microseconds(row.medianMicroseconds).readable,
        Duration.microseconds(row.p99Microseconds).readable,
      ])
    }
    return table.rendered
  }

  private var batches: String {
    var table = TextTable(
      "One batch into an empty store", headers: ["store", "items", "time", "on disk"])
    for row in results.batches {
      table.add([
        row.contender.label, Format.count(row.items), Duration.seconds(row.seconds).readable,
        Format.bytes(row.bytesOnDisk),
      ])
    }
    return table.rendered
  }

  private var coldOpens: String {
    var table = TextTable(
      "Cold open: new instance on an existing store, every item decoded into memory;"
        + " stores in turn, after one untimed open each",
      headers: ["store", "items", "runs", "median"])
    for row in results.coldOpens {
      table.add([
        row.contender.label, Format.count(row.items), String(row.runs),
        Duration.seconds(row.medianSeconds).readable,
      ])
    }
    return table.rendered
  }

  private var lookups: String {
    var table = TextTable(
      "Reads from memory (per call)",
      headers: ["store", "stored", "find(by:) from a task", "loadAll() from the main actor"])
    for row in results.lookups {
      table.add([
        row.contender.label, Format.count(row.storedItems),
        Duration.microseconds(row.findMicroseconds).readable + " x " + Format.count(row.finds),
        Duration.microseconds(row.loadAllMicroseconds).readable + " x "
          + Format.count(row.loadAlls),
      ])
    }
    return table.rendered
  }

  private var concurrency: String {
    var table = TextTable(
      "Concurrent saves (one task group) vs sequential saves, on a fresh store each;"
        + " medians of \(results.sizes.concurrencyRuns) runs of each",
      headers: [
        "store", "stored", "saves", "sequential", "concurrent", "throughput ratio",
        "find(by:) p99 meanwhile", "same, at the saves' priority",
      ])
    for row in results.concurrency {
      table.add([
        row.contender.label, Format.count(row.storedItems), Format.count(row.saves),
        Duration.seconds(row.sequentialSeconds).readable,
        Duration.seconds(row.concurrentSeconds).readable, Format.ratio(row.throughputRatio),
        Duration.microseconds(row.readP99Microseconds).readable + " x "
          + Format.count(row.reads),
        Duration.microseconds(row.samePriorityReadP99Microseconds).readable,
      ])
    }
    return table.rendered
  }

  private var peakMemory: String {
    var table = TextTable(
      "Peak memory of a child process opening the store (VmHWM - VmRSS before)",
      headers: [
        "store", "items", "baseline", "peak", "after open", "growth", "on disk", "growth / disk",
      ])
    for row in results.peakMemory {
      table.add([
        row.contender.label, Format.count(row.items), Format.bytes(row.baselineKiB * 1024),
        Format.bytes(row.peakKiB * 1024), Format.bytes(row.residentKiB * 1024),
        Format.bytes((row.peakKiB - row.baselineKiB) * 1024),
        Format.bytes(row.bytesOnDisk), Format.ratio(row.ratio),
      ])
    }
    return table.rendered
  }

  private var targets: String {
    let lines = results.targets.map { target in
      let verdict = target.passed ? "PASS" : "MISS"
      let measured = target.measured.map(target.unit.format) ?? "not measured"
      let limit = target.unit.format(target.limit)
      return
        "\(verdict)  \(target.name): \(measured) (target \(target.comparison.symbol) \(limit))"
    }
    return (["Targets"] + lines).joined(separator: "\n") + "\n"
  }
}

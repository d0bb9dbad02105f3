// The results of a run as text: one table per workload, then the targets with PASS or MISS.

/// Renders ``BenchmarkResults`` for a person to read; a table whose workload did not run is
/// left out.
struct ResultReport {
  let results: BenchmarkResults

  var text: String {
    [
      saves, batches, coldOpens, lookups, reads, concurrency, peakMemory, fairness, targets,
      machine,
    ]
    .compactMap { $0 }.joined(separator: "\n")
  }

  private var saves: String? {
    guard !results.sequentialSaves.isEmpty else { return nil }
    var table = TextTable(
      "Sequential saves (per save; same new items for every store; stores in turn, blocks of"
        + " \(SequentialSaveWorkload.blockSize))",
      headers: ["store", "stored", "busy processes", "saves", "median", "p99"])
    for row in results.sequentialSaves {
      table.add([
        row.contender.label, Format.count(row.storedItems), String(row.busyProcesses),
        Format.count(row.saves), Duration.microseconds(row.medianMicroseconds).readable,
        Duration.microseconds(row.p99Microseconds).readable,
      ])
    }
    guard let load = results.load else { return table.rendered }
    let share = Format.decimal(load.cpuSharePerProcess * 100, places: 0)
    return table.rendered
      + "Busy processes: \(load.busyProcesses) for \(Duration.seconds(load.seconds).readable),"
      + " each on a core \(share)% of that time"
      + (load.heldThroughout ? "" : "; NOT ALL RAN TO THE END, so the row is not judged") + "\n"
  }

  private var batches: String? {
    guard !results.batches.isEmpty else { return nil }
    var table = TextTable(
      "One batch into an empty store (median of the runs, stores in turn)",
      headers: ["store", "items", "runs", "time", "on disk"])
    for row in results.batches {
      table.add([
        row.contender.label, Format.count(row.items), String(row.runs),
        Duration.seconds(row.seconds).readable, Format.bytes(row.bytesOnDisk),
      ])
    }
    return table.rendered
  }

  private var coldOpens: String? {
    guard !results.coldOpens.isEmpty else { return nil }
    var table = TextTable(
      "Cold open: new instance on an existing store, every item decoded into memory;"
        + " stores in turn, after one untimed open each",
      headers: ["open", "items", "runs", "median"])
    for row in results.coldOpens {
      table.add([
        row.opening.label, Format.count(row.items), String(row.runs),
        Duration.seconds(row.medianSeconds).readable,
      ])
    }
    return table.rendered
  }

  private var lookups: String? {
    guard !results.lookups.isEmpty else { return nil }
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

  private var fairness: String? {
    guard !results.fairness.isEmpty else { return nil }
    var table = TextTable(
      "Durable saves beside another process saving lossy in a tight loop (one save, then 1 ms;"
        + " a store of 1,000 first)",
      headers: [
        "other writer", "busy processes", "saves", "median", "p99", "max", "other's saves/s",
        "load",
      ])
    for row in results.fairness {
      let load =
        row.busyProcesses == 0
        ? "-"
        : (row.loadHeldThroughout ? "" : "ended early; ")
          + "\(Int(((row.cpuSharePerBusyProcess ?? 0) * 100).rounded()))% of a core each"
      table.add([
        row.besideLossyLoop ? "lossy loop" : "none", String(row.busyProcesses),
        Format.count(row.saves),
        Duration.microseconds(row.medianMicroseconds).readable,
        Duration.microseconds(row.p99Microseconds).readable,
        Duration.microseconds(row.maxMicroseconds).readable,
        row.otherWriterSavesPerSecond.map { Format.count(Int($0)) } ?? "-", load,
      ])
    }
    return table.rendered
  }

  private var reads: String? {
    guard let row = results.reads else { return nil }
    var table = TextTable(
      "Reads from the main actor while \(Format.count(row.savesPerBurst)) saves are in flight"
        + " (\(row.bursts) bursts, each on a fresh store of \(Format.count(row.storedItems))),"
        + " and with none just after; one read started every"
        + " \(Duration.microseconds(row.intervalMicroseconds).readable) when idle",
      headers: ["read", "saves in flight", "reads", "median", "p99"])
    let kinds: [(String, String, BenchmarkResults.Spread)] = [
      ("find(by:)", Format.count(row.savesPerBurst), row.find),
      ("loadAll()", Format.count(row.savesPerBurst), row.loadAll),
      ("find(by:)", "0", row.idleFind),
      ("loadAll()", "0", row.idleLoadAll),
    ]
    for (read, saves, spread) in kinds {
      table.add([
        read, saves, Format.count(spread.count),
        Duration.microseconds(spread.medianMicroseconds).readable,
        Duration.microseconds(spread.p99Microseconds).readable,
      ])
    }
    return table.rendered
  }

  private var concurrency: String? {
    guard !results.concurrency.isEmpty else { return nil }
    var table = TextTable(
      "Concurrent saves (one task group) vs sequential saves, on a fresh store each;"
        + " medians of \(results.sizes.concurrencyRuns) runs of each",
      headers: ["store", "stored", "saves", "sequential", "concurrent", "throughput ratio"])
    for row in results.concurrency {
      table.add([
        row.contender.label, Format.count(row.storedItems), Format.count(row.saves),
        Duration.seconds(row.sequentialSeconds).readable,
        Duration.seconds(row.concurrentSeconds).readable, Format.ratio(row.throughputRatio),
      ])
    }
    return table.rendered
  }

  private var peakMemory: String? {
    guard !results.peakMemory.isEmpty else { return nil }
    var table = TextTable(
      "Peak memory of a child process opening the store (VmHWM - VmRSS before)",
      headers: [
        "open", "items", "baseline", "peak", "after open", "growth", "on disk", "growth / disk",
      ])
    for row in results.peakMemory {
      table.add([
        row.opening.label, Format.count(row.items), Format.bytes(row.baselineKiB * 1024),
        Format.bytes(row.peakKiB * 1024), Format.bytes(row.residentKiB * 1024),
        Format.bytes((row.peakKiB - row.baselineKiB) * 1024),
        Format.bytes(row.bytesOnDisk), Format.ratio(row.ratio),
      ])
    }
    return table.rendered
  }

  private var targets: String {
    let judged = results.targets.filter { $0.row != nil }
    let others = results.targets.filter { $0.row == nil }
    var lines = [
      "Targets (\(results.sizes.mode) sizes; ratios of medians; `--only ROW` runs one row)"
    ]
    lines += judged.map(line)
    if !others.isEmpty {
      lines += ["", "Other checks (the whole suite only)"] + others.map(line)
    }
    let missed = judged.filter { $0.passed == false }.count
    let total = judged.filter { $0.passed != nil }.count
    lines += ["", "\(total - missed) of \(total) targets met."]
    return lines.joined(separator: "\n") + "\n"
  }

  private func line(_ target: TargetResult) -> String {
    let tag = target.row.map { "[\($0.rawValue)] " } ?? ""
    let measured = target.measured.map(target.unit.format) ?? "not measured"
    let detail = target.detail.map { " (\($0))" } ?? ""
    var limit = ""
    if let comparison = target.comparison, let value = target.limit {
      limit = "; target \(comparison.symbol) \(target.unit.format(value))"
    }
    return "\(target.verdict)  \(tag)\(target.name): \(measured)\(detail)\(limit)"
  }

  private var machine: String {
    let info = results.machine
    return """
      Machine: \(info.logicalCores) cores (\(info.cpuModel)), \(info.kernel), \(info.swiftVersion)
      Load average at start: \(info.loadAverage); at end: \(results.loadAverageAtEnd)

      """
  }
}

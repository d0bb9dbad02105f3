// One run of every workload, in order: tables on stdout, everything in .build/bench/results.json.

import Foundation

/// Runs the workloads side by side on one scratch folder and reports; it never asserts.
struct BenchmarkSuite {
  let sizes: BenchmarkSizes

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
    do {
      var results = try BenchmarkResults(
        machine: MachineInfo(scratch: scratch), sizes: sizes,
        recordBytes: QuestionBatch(count: 100).averageRecordSize)
      print(header(results))
      results.sequentialSaves = try await SequentialSaveWorkload(context: context).run()
      let batch = try await BatchWorkload(context: context).run()
      results.batches = batch.rows
      results.coldOpens = try await ColdOpenWorkload(context: context, folders: batch.folders).run()
      results.peakMemory = try PeakMemoryWorkload(context: context, folders: batch.folders).run()
      results.lookups = try await LookupWorkload(context: context).run()
      results.concurrency = try await ConcurrencyWorkload(context: context).run()
      results.targets = BenchmarkTargets(results: results).evaluate()
      results.totalSeconds = start.duration(to: clock.now).seconds
      results.loadAverageAtEnd = MachineInfo.currentLoadAverage()
      print(ResultReport(results: results).text)
      let file = try write(results)
      print(
        "Run took \(Duration.seconds(results.totalSeconds).readable); load average at end: "
          + "\(results.loadAverageAtEnd)\nResults in \(file.path)")
      return 0
    } catch {
      FileHandle.standardError.write(Data("error: the benchmark could not finish: \(error)\n".utf8))
      return 1
    }
  }

  private func header(_ results: BenchmarkResults) -> String {
    let machine = results.machine
    return """
      Benchmarks, \(sizes.mode) sizes
      Machine: \(machine.cpuModel), \(machine.logicalCores) cores, \(machine.memoryGiB) GiB, \
      \(machine.operatingSystem)
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

// One batch of 100,000 items written to an empty store, whose folder later workloads reopen.

import Foundation

/// Times one batch write per contender, store after store, in rounds; keeps each store of
/// the last round for the cold open and the memory probe.
struct BatchWorkload {
  let context: BenchmarkContext

  /// The rows, and the folder holding each contender's filled store.
  func run() async throws -> (rows: [BenchmarkResults.BatchRow], folders: [Contender: URL]) {
    let batch = try QuestionBatch(count: context.sizes.batchSize)
    let contenders = Contender.batch
    let runs = max(1, context.sizes.batchRuns)
    var samples = Array(repeating: DurationSamples(), count: contenders.count)
    var folders: [Contender: URL] = [:]
    for run in 1...runs {
      for (index, contender) in contenders.enumerated() {
        context.progress(
          "batch: \(contender.label), \(Format.count(batch.count)) items, run \(run) of \(runs)")
        if let previous = folders[contender] { context.scratch.discard(previous) }
        let folder = try context.scratch.folder("batch-\(contender.rawValue)")
        // The store is closed when this returns, so its size on disk is final.
        samples[index].append(try await contender.makeStore(in: folder, filledWith: batch).batch)
        folders[contender] = folder
        context.scratch.settle()
      }
    }
    let rows = zip(contenders, samples).map { contender, samples in
      BenchmarkResults.BatchRow(
        contender: contender, items: batch.count, runs: samples.count,
        seconds: samples.median.seconds,
        bytesOnDisk: folders[contender].map(context.scratch.bytes(in:)) ?? 0)
    }
    return (rows, folders)
  }
}

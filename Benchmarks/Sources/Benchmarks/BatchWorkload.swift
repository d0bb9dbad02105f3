// One batch of 100,000 items written to an empty store, whose folder later workloads reopen.

import Foundation

/// Times one batch write per contender and keeps each store for the cold open and the
/// memory probe.
struct BatchWorkload {
  let context: BenchmarkContext

  /// The rows, and the folder holding each contender's filled store.
  func run() async throws -> (rows: [BenchmarkResults.BatchRow], folders: [Contender: URL]) {
    let batch = try QuestionBatch(count: context.sizes.batchSize)
    var rows: [BenchmarkResults.BatchRow] = []
    var folders: [Contender: URL] = [:]
    for contender in Contender.allCases {
      context.progress("batch: \(contender.label), \(Format.count(batch.count)) items")
      let folder = try context.scratch.folder("batch-\(contender.rawValue)")
      let duration = try await write(batch, with: contender, in: folder)
      folders[contender] = folder
      rows.append(
        BenchmarkResults.BatchRow(
          contender: contender, items: batch.count, seconds: duration.seconds,
          bytesOnDisk: context.scratch.bytes(in: folder)))
    }
    return (rows, folders)
  }

  /// Writes the batch; the store is closed when this returns, so its size on disk is final.
  private func write(
    _ batch: QuestionBatch, with contender: Contender, in folder: URL
  ) async throws -> Duration {
    try await contender.makeStore(in: folder, filledWith: batch).batch
  }
}

// Durable saves one after another, on stores already holding 1,000 to 100,000 items.

import Foundation

/// Times individual saves of new items on a store pre-filled with one batch.
///
/// Every contender saves the same new questions on top of the same stored ones. A store stops
/// after ``BenchmarkSizes/savesPerSize`` saves, or earlier once its saves have taken
/// ``BenchmarkSizes/secondsPerSize`` (but never before ``BenchmarkSizes/minimumSaves``): that
/// is what keeps the O(n) contenders from taking hours at 100,000 items.
struct SequentialSaveWorkload {
  let context: BenchmarkContext

  func run() async throws -> [BenchmarkResults.SaveRow] {
    let sizes = context.sizes
    var rows: [BenchmarkResults.SaveRow] = []
    for size in sizes.storeSizes {
      let stored = try QuestionBatch(count: size)
      let fresh = try QuestionBatch(
        count: sizes.warmUpSaves + sizes.savesPerSize, firstNumber: size)
      for contender in Contender.allCases {
        context.progress("sequential saves: \(contender.label), \(Format.count(size)) stored")
        let folder = try context.scratch.folder("saves-\(contender.rawValue)-\(size)")
        let samples = try await measure(contender, in: folder, stored: stored, fresh: fresh)
        context.scratch.discard(folder)
        rows.append(
          BenchmarkResults.SaveRow(
            contender: contender, storedItems: size, saves: samples.count,
            medianMicroseconds: samples.median.microseconds,
            p99Microseconds: samples.p99.microseconds))
      }
    }
    return rows
  }

  /// The timed saves of one contender; the store is closed when this returns.
  private func measure(
    _ contender: Contender, in folder: URL, stored: QuestionBatch, fresh: QuestionBatch
  ) async throws -> DurationSamples {
    let sizes = context.sizes
    let (store, _) = try await contender.makeStore(in: folder, filledWith: stored)
    context.scratch.settle()
    let budget = Duration.seconds(sizes.secondsPerSize)
    let clock = ContinuousClock()
    var samples = DurationSamples()
    for index in fresh.questions.indices {
      let start = clock.now
      try await store.save(fresh.questions[index], record: fresh.records[index])
      let elapsed = start.duration(to: clock.now)
      guard index >= sizes.warmUpSaves else { continue }
      samples.append(elapsed)
      if samples.count >= sizes.minimumSaves, samples.total >= budget { break }
    }
    return samples
  }
}

// 1,000 saves issued at once from a task group, against the same 1,000 one after another.

import Foundation
import Models

/// Compares the throughput of concurrent and sequential saves on one shared store.
///
/// Each run gets its own fresh store pre-filled with the same items, so neither run pays for
/// the items the other added. A store that can put many waiting saves behind one `fsync`
/// (group commit) goes faster concurrently; one that writes each save on its own does not.
/// Nothing else runs meanwhile: the reads made during such a burst are the read row's
/// (``ReadDuringSavesWorkload``), so that their wake-ups do not take CPU from these saves.
struct ConcurrencyWorkload {
  let context: BenchmarkContext

  /// The store, and the original pattern (at full sizes) to show what an actor that writes
  /// each save on its own gains from concurrency: nothing.
  var contenders: [Contender] {
    context.sizes.concurrencyShowsOriginal ? [.journal, .original] : [.journal]
  }

  func run() async throws -> [BenchmarkResults.ConcurrencyRow] {
    let sizes = context.sizes
    let stored = try QuestionBatch(count: sizes.concurrencyStoreSize)
    let fresh = try QuestionBatch(count: sizes.concurrentSaves, firstNumber: stored.count)
    var rows: [BenchmarkResults.ConcurrencyRow] = []
    for contender in contenders {
      // Each run is one sample, and a run's figure moves with the disk: the ratio is taken
      // between the medians of several runs of each kind, taken in turn.
      var sequentialRuns = DurationSamples()
      var concurrentRuns = DurationSamples()
      for run in 1...sizes.concurrencyRuns {
        let label = "\(contender.label), run \(run) of \(sizes.concurrencyRuns)"
        context.progress("\(Format.count(fresh.count)) sequential saves: \(label)")
        sequentialRuns.append(
          try await time(contender, stored: stored, fresh: fresh) { store in
            for (question, record) in zip(fresh.questions, fresh.records) {
              try await store.save(question, record: record)
            }
          })
        context.progress("\(Format.count(fresh.count)) concurrent saves: \(label)")
        concurrentRuns.append(
          try await time(contender, stored: stored, fresh: fresh) { store in
            try await Self.saveAtOnce(fresh, to: store)
          })
      }
      let sequential = sequentialRuns.median
      let concurrent = concurrentRuns.median
      rows.append(
        BenchmarkResults.ConcurrencyRow(
          contender: contender, storedItems: stored.count, saves: fresh.count,
          sequentialSeconds: sequential.seconds, concurrentSeconds: concurrent.seconds,
          throughputRatio: concurrent > .zero ? sequential / concurrent : 0))
    }
    return rows
  }

  /// Saves every question of `fresh` from a child task of its own, at `.medium`, the
  /// priority of an import's unstructured task, and returns once all are stored.
  static func saveAtOnce(_ fresh: QuestionBatch, to store: any SharedStore) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (question, record) in zip(fresh.questions, fresh.records) {
        group.addTask(priority: .medium) { try await store.save(question, record: record) }
      }
      try await group.waitForAll()
    }
  }

  /// Runs `saves` on a new store holding `stored`, checks every save landed, and returns the
  /// time `saves` took.
  private func time(
    _ contender: Contender, stored: QuestionBatch, fresh: QuestionBatch,
    _ saves: (any SharedStore) async throws -> Void
  ) async throws -> Duration {
    let folder = try context.scratch.folder("concurrency-\(contender.rawValue)")
    defer { context.scratch.discard(folder) }
    guard let store = try await contender.makeSharedStore(in: folder, filledWith: stored)?.store
    else { return .zero }
    context.scratch.settle()
    let clock = ContinuousClock()
    let start = clock.now
    try await saves(store)
    let elapsed = start.duration(to: clock.now)
    let count = await store.loadAll().count
    guard count == stored.count + fresh.count else {
      throw BenchmarkError.wrongCount(contender, expected: stored.count + fresh.count, found: count)
    }
    return elapsed
  }
}

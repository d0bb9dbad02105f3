// 1,000 saves issued at once from a task group, against the same 1,000 one after another.

import Foundation
import Models

/// Compares the throughput of concurrent and sequential saves on one shared store.
///
/// Each run gets its own fresh store pre-filled with the same items, so neither run pays for
/// the items the other added. A store that can put many waiting saves behind one `fsync`
/// (group commit) goes faster concurrently; one that writes each save on its own does not.
/// While the concurrent saves are in flight, two other tasks time `find(by:)`. One runs at
/// `.userInitiated`, the priority SwiftUI's `.task` and an Apple platform's main thread give
/// a screen, while the saves run at `.medium`, the priority of an import's unstructured task:
/// such a read should not wait for the saves queued before it, nor for an `fsync`. The other
/// runs at the saves' own priority; an actor takes jobs of one priority in the order they
/// came, so that read waits for the saves queued before it (reported, not a target).
struct ConcurrencyWorkload {
  let context: BenchmarkContext

  func run() async throws -> [BenchmarkResults.ConcurrencyRow] {
    let sizes = context.sizes
    let stored = try QuestionBatch(count: sizes.concurrencyStoreSize)
    let fresh = try QuestionBatch(count: sizes.concurrentSaves, firstNumber: stored.count)
    var rows: [BenchmarkResults.ConcurrencyRow] = []
    for contender in Contender.shared {
      // Each run is one sample, and a run's figure moves with the disk: the ratio is taken
      // between the medians of several runs of each kind, taken in turn.
      var sequentialRuns = DurationSamples()
      var concurrentRuns = DurationSamples()
      var reads = DurationSamples()
      var samePriorityReads = DurationSamples()
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
        let probe = stored.questions[stored.count / 2].id
        concurrentRuns.append(
          try await time(contender, stored: stored, fresh: fresh) { store in
            let screen = Task.detached(priority: .userInitiated) {
              await Self.timeReads(on: store, id: probe)
            }
            let peer = Task.detached(priority: .medium) {
              await Self.timeReads(on: store, id: probe)
            }
            defer { screen.cancel(); peer.cancel() }
            try await withThrowingTaskGroup(of: Void.self) { group in
              for (question, record) in zip(fresh.questions, fresh.records) {
                group.addTask(priority: .medium) { try await store.save(question, record: record) }
              }
              try await group.waitForAll()
            }
            screen.cancel()
            peer.cancel()
            for read in await screen.value.values { reads.append(read) }
            for read in await peer.value.values { samePriorityReads.append(read) }
          })
      }
      let sequential = sequentialRuns.median
      let concurrent = concurrentRuns.median
      rows.append(
        BenchmarkResults.ConcurrencyRow(
          contender: contender, storedItems: stored.count, saves: fresh.count,
          sequentialSeconds: sequential.seconds, concurrentSeconds: concurrent.seconds,
          throughputRatio: sequential / concurrent, reads: reads.count,
          readP99Microseconds: reads.p99.microseconds,
          samePriorityReadP99Microseconds: samePriorityReads.p99.microseconds))
    }
    return rows
  }

  /// Times `find(by:)` of `id` from its own task, about every 100 µs as a screen refreshing
  /// during the saves would, until cancelled.
  private static func timeReads(on store: any SharedStore, id: UUID) async -> DurationSamples {
    let clock = ContinuousClock()
    var samples = DurationSamples()
    while !Task.isCancelled {
      let start = clock.now
      _ = await store.find(by: id)
      samples.append(start.duration(to: clock.now))
      try? await Task.sleep(for: .microseconds(100))
    }
    return samples
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

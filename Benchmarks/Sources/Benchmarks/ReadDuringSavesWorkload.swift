// A read from the main actor while 1,000 saves are in flight, and the same read with none.

import Foundation
import Models

/// Times reads made from the main actor during bursts of concurrent saves.
///
/// Each burst gets a fresh store holding ``BenchmarkSizes/concurrencyStoreSize`` items; the
/// main actor, at `.userInitiated` (the priority SwiftUI's `.task` gives a screen), reads
/// one stored item with `find(by:)` and everything with `loadAll()` in turn, about every
/// 100 µs, while ``BenchmarkSizes/readSaves`` saves run at once from a task group at
/// `.medium` (an import's unstructured task). Only the reads that started between the first
/// save's creation and the last save's return count. Just after each burst, the same reader
/// makes as many reads with no save in flight, the scale for what waiting behind saves adds.
struct ReadDuringSavesWorkload {
  let context: BenchmarkContext

  func run() async throws -> BenchmarkResults.ReadRow {
    let sizes = context.sizes
    let stored = try QuestionBatch(count: sizes.concurrencyStoreSize)
    let fresh = try QuestionBatch(count: sizes.readSaves, firstNumber: stored.count)
    let probe = stored.questions[stored.count / 2].id
    var finds = DurationSamples()
    var loadAlls = DurationSamples()
    var idleFinds = DurationSamples()
    var idleLoadAlls = DurationSamples()
    var intervals = DurationSamples()
    for burst in 1...sizes.readBursts {
      context.progress(
        "main-actor reads while \(Format.count(fresh.count)) saves are in flight: burst \(burst)"
          + " of \(sizes.readBursts)")
      let folder = try context.scratch.folder("reads")
      defer { context.scratch.discard(folder) }
      guard
        let store = try await Contender.journal.makeSharedStore(in: folder, filledWith: stored)?
          .store
      else { continue }
      context.scratch.settle()
      let (during, window) = try await Self.readWhileSaving(fresh, to: store, probe: probe)
      let count = await store.loadAll().count
      guard count == stored.count + fresh.count else {
        throw BenchmarkError.wrongCount(
          .journal, expected: stored.count + fresh.count, found: count)
      }
      for duration in during.durations(of: .find, startingIn: window) { finds.append(duration) }
      for duration in during.durations(of: .loadAll, startingIn: window) {
        loadAlls.append(duration)
      }
      let idle = await Task(priority: .userInitiated) { @MainActor in
        await MainActorReader.read(from: store, id: probe, limit: max(100, during.count))
      }.value
      for (earlier, later) in zip(idle, idle.dropFirst()) {
        intervals.append(earlier.start.duration(to: later.start))
      }
      for sample in idle where sample.kind == .find { idleFinds.append(sample.duration) }
      for sample in idle where sample.kind == .loadAll { idleLoadAlls.append(sample.duration) }
    }
    return BenchmarkResults.ReadRow(
      storedItems: stored.count, savesPerBurst: fresh.count, bursts: sizes.readBursts,
      find: .init(finds), loadAll: .init(loadAlls), idleFind: .init(idleFinds),
      idleLoadAll: .init(idleLoadAlls), intervalMicroseconds: intervals.median.microseconds)
  }

  /// Starts the main actor's reads, then every save of `fresh` at once; returns the reads
  /// and the time from the first save's creation to the last save's return.
  private static func readWhileSaving(
    _ fresh: QuestionBatch, to store: any SharedStore, probe: UUID
  ) async throws -> (reads: [MainActorReader.Sample], window: Range<ContinuousClock.Instant>) {
    let reader = Task(priority: .userInitiated) { @MainActor in
      await MainActorReader.read(from: store, id: probe)
    }
    defer { reader.cancel() }
    let clock = ContinuousClock()
    let start = clock.now
    try await ConcurrencyWorkload.saveAtOnce(fresh, to: store)
    let end = clock.now
    reader.cancel()
    return (await reader.value, start..<end)
  }
}

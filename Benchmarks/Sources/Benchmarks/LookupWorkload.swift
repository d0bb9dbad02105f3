// Reads from memory: `find(by:)` from a task, `loadAll()` from the main actor, per call.

import Foundation
import Models

/// Times lookups on the actor-based contenders, where every call crosses into the actor.
///
/// The original pattern's reads are actor-isolated, so each call from the main actor is a
/// hop to the cooperative pool and back. `LocalRepository`'s are `nonisolated(nonsending)`:
/// they read the cache under a lock on the caller's executor.
struct LookupWorkload {
  let context: BenchmarkContext

  func run() async throws -> [BenchmarkResults.LookupRow] {
    let sizes = context.sizes
    let batch = try QuestionBatch(count: sizes.lookupStoreSize)
    let ids = batch.questions.map(\.id)
    var rows: [BenchmarkResults.LookupRow] = []
    for contender in Contender.shared {
      context.progress("lookups: \(contender.label), \(Format.count(batch.count)) stored")
      let folder = try context.scratch.folder("lookups-\(contender.rawValue)")
      guard let store = try await contender.makeSharedStore(in: folder, filledWith: batch)?.store
      else { continue }
      let finds = await Self.timeFinds(on: store, ids: ids, count: sizes.finds)
      let loads = await Self.timeLoadAlls(on: store, count: sizes.loadAlls)
      guard finds.found == sizes.finds else {
        throw BenchmarkError.wrongCount(contender, expected: sizes.finds, found: finds.found)
      }
      guard loads.items == sizes.loadAlls * batch.count else {
        throw BenchmarkError.wrongCount(
          contender, expected: batch.count, found: loads.items / max(1, sizes.loadAlls))
      }
      rows.append(
        BenchmarkResults.LookupRow(
          contender: contender, storedItems: batch.count, finds: sizes.finds,
          findMicroseconds: finds.duration.microseconds / Double(max(1, sizes.finds)),
          loadAlls: sizes.loadAlls,
          loadAllMicroseconds: loads.duration.microseconds / Double(max(1, sizes.loadAlls))))
      context.scratch.discard(folder)
    }
    return rows
  }

  /// `count` lookups of stored IDs, in turn, from a task on the cooperative pool.
  @concurrent
  private static func timeFinds(
    on store: any SharedStore, ids: [UUID], count: Int
  ) async -> (duration: Duration, found: Int) {
    let clock = ContinuousClock()
    var found = 0
    let start = clock.now
    for index in 0..<count where await store.find(by: ids[index % ids.count]) != nil {
      found += 1
    }
    return (start.duration(to: clock.now), found)
  }

  /// `count` whole reads from the main actor, as a view model's refresh would make them.
  @MainActor
  private static func timeLoadAlls(
    on store: any SharedStore, count: Int
  ) async -> (duration: Duration, items: Int) {
    let clock = ContinuousClock()
    var items = 0
    let start = clock.now
    for _ in 0..<count {
      items += await store.loadAll().count
    }
    return (start.duration(to: clock.now), items)
  }
}

// Reads from the main actor, as a screen refreshing itself makes them, each one timed.

import Foundation

/// Calls `find(by:)` and `loadAll()` in turn from the main actor, about every 100 µs, and
/// times each call from the moment it is made to the moment the main actor has its answer.
@MainActor
enum MainActorReader {
  /// Which read a sample timed.
  enum Kind: Sendable {
    case find, loadAll
  }

  /// One timed read.
  struct Sample: Sendable {
    var kind: Kind
    var start: ContinuousClock.Instant
    var duration: Duration
  }

  /// Reads `id` and then everything from `store`, in turn, until the task is cancelled or
  /// `limit` reads were made.
  static func read(
    from store: any SharedStore, id: UUID, limit: Int = .max
  ) async -> [Sample] {
    let clock = ContinuousClock()
    var samples: [Sample] = []
    var kind = Kind.find
    while !Task.isCancelled, samples.count < limit {
      let start = clock.now
      switch kind {
      case .find: _ = await store.find(by: id)
      case .loadAll: _ = await store.loadAll()
      }
      samples.append(Sample(kind: kind, start: start, duration: start.duration(to: clock.now)))
      kind = kind == .find ? .loadAll : .find
      try? await Task.sleep(for: .microseconds(100))
    }
    return samples
  }
}

extension [MainActorReader.Sample] {
  /// The durations of the reads of `kind` that started within `window`.
  func durations(
    of kind: MainActorReader.Kind, startingIn window: Range<ContinuousClock.Instant>
  ) -> [Duration] {
    filter { $0.kind == kind && window.contains($0.start) }.map(\.duration)
  }
}

// The actor-based contenders, which many tasks can share: saves, lookups and whole reads.

import Foundation
import Models

/// A store that is an actor, so tasks and the main actor can call it concurrently.
protocol SharedStore: Actor, DurableStore {
  /// The question with the ID `id`, from memory.
  ///
  /// `nonisolated(nonsending)`, as in `Repository`: each store decides whether it hops. The
  /// original pattern's isolated method does; `LocalRepository` answers on the caller's
  /// executor.
  nonisolated(nonsending) func find(by id: UUID) async -> Question?

  /// Every stored question; `nonisolated(nonsending)` like ``find(by:)``.
  nonisolated(nonsending) func loadAll() async -> [Question]
}

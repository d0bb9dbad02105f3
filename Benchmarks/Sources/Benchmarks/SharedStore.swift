// The actor-based contenders, which many tasks can share: saves, lookups and whole reads.

import Foundation
import Models

/// A store that is an actor, so tasks and the main actor can call it concurrently.
protocol SharedStore: Actor, DurableStore {
  /// The question with the ID `id`, from memory.
  func find(by id: UUID) async -> Question?

  /// Every stored question.
  func loadAll() async -> [Question]
}

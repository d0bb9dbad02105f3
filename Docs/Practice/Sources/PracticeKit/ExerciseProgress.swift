// How far a learner got with one exercise, as stored in the progress store.

import Foundation

/// One exercise's state, stored by ``ProgressStore``.
public struct ExerciseProgress: Codable, Identifiable, Sendable, Equatable {
  /// Where a learner stands with an exercise.
  public enum State: String, Codable, Sendable {
    /// Not run yet.
    case pending
    /// Run, and failing.
    case failing
    /// Run, and passing.
    case passed
  }

  /// The exercise's number.
  public var id: Int
  /// The state after the last run.
  public var state: State
  /// When it was last run.
  public var lastRun: Date

  /// The progress of exercise `id`.
  public init(id: Int, state: State, lastRun: Date = Date()) {
    self.id = id
    self.state = state
    self.lastRun = lastRun
  }
}

// The learner's progress, kept in a store of its own through the package's LocalRepository.

import Foundation
import LocalStore

/// Remembers which exercises pass, across runs of the practice tool.
///
/// The store is `progress.json` in `Docs/Practice/.progress` (or `PRACTICE_STATE_DIR`), a
/// ``LocalRepository`` like any app's: the practice tool uses the pattern it teaches.
public struct ProgressStore: Sendable {
  private let repository: LocalRepository<ExerciseProgress>

  /// Opens (or creates) the store in `directory`.
  public init(directory: URL) throws(PracticeError) {
    do {
      repository = try LocalRepository(directory: directory, filename: "progress.json")
    } catch {
      throw .progress("\(error)")
    }
  }

  /// The state of every exercise, `pending` for those never run.
  public func states() async -> [Int: ExerciseProgress.State] {
    var states = Dictionary(
      uniqueKeysWithValues: Exercise.all.map { ($0.number, ExerciseProgress.State.pending) })
    for progress in await repository.loadAll() { states[progress.id] = progress.state }
    return states
  }

  /// Records that exercise `number` now is in `state`.
  public func record(_ state: ExerciseProgress.State, for number: Int) async throws(PracticeError) {
    do {
      try await repository.save(ExerciseProgress(id: number, state: state))
    } catch {
      throw .progress("\(error)")
    }
  }

  /// The first exercise that does not pass yet, or the last one when all pass.
  public func current() async -> Exercise {
    let states = await states()
    return Exercise.all.first { states[$0.number] != .passed }
      ?? Exercise.all[Exercise.all.count - 1]
  }
}

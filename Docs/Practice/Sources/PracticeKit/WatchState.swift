// What the watch mode shows: the current exercise, its last verdict, a hint, the list.

import Foundation
import TerminalUI

/// The watch mode's state, changed by keys, file changes and finished runs.
@MainActor final class WatchState {
  /// Where the current exercise's last run stands.
  enum Status: Equatable {
    /// Not run since it became current.
    case notRun
    /// A build and test are under way.
    case running
    /// The last run's verdict and its duration in seconds.
    case finished(Verdict, seconds: Double)
  }

  /// The exercise shown.
  var current: Exercise
  /// Every exercise's state.
  var states: [Int: ExerciseProgress.State]
  /// The current exercise's last run.
  var status = Status.notRun
  /// How many hints are shown: 0, 1 or 2.
  var hintsShown = 0
  /// Whether the list of exercises is shown instead of the current one.
  var showsList = false
  /// The exercise selected in the list.
  var listSelection: Int
  /// A line of news, such as the exercise that just passed.
  var message: String?
  /// The size of the terminal.
  var size = TerminalSize.fallback
  /// Set when the mode should end, with its exit status.
  var exitStatus: Int32?

  init(current: Exercise, states: [Int: ExerciseProgress.State]) {
    self.current = current
    self.states = states
    listSelection = current.number
  }

  /// How many exercises pass.
  var passedCount: Int { states.values.filter { $0 == .passed }.count }

  /// Makes `exercise` the current one, with no hint and no verdict shown.
  func show(_ exercise: Exercise) {
    current = exercise
    listSelection = exercise.number
    status = .notRun
    hintsShown = 0
  }

  /// The exercise after the current one that does not pass yet, if any.
  var nextUnfinished: Exercise? {
    let later = Exercise.all.filter { $0.number > current.number }
    let earlier = Exercise.all.filter { $0.number < current.number }
    return (later + earlier).first { states[$0.number] != .passed }
  }

  /// The exercise `offset` places from the current one, staying within the course.
  func neighbour(_ offset: Int) -> Exercise {
    let index = min(max(current.number - 1 + offset, 0), Exercise.all.count - 1)
    return Exercise.all[index]
  }
}

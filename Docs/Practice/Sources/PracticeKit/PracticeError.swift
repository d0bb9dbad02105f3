// Everything the practice tool can fail at, each with a sentence a learner can act on.

import Foundation

/// A failure of the practice tool.
public enum PracticeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The command line could not be understood.
  case usage(String)
  /// There is no exercise with this number.
  case noSuchExercise(String)
  /// A file of the package could not be read.
  case fileUnreadable(String, reason: String)
  /// A file of the package could not be written.
  case fileUnwritable(String, reason: String)
  /// The progress store could not be opened or written.
  case progress(String)
  /// A build or test process could not be started.
  case processFailed(String)

  /// The message shown on standard error.
  public var description: String {
    switch self {
    case .usage(let message): message
    case .noSuchExercise(let text):
      "there is no exercise \"\(text)\": give a number from 1 to \(Exercise.all.count)"
    case .fileUnreadable(let path, let reason): "\(path) could not be read: \(reason)"
    case .fileUnwritable(let path, let reason): "\(path) could not be written: \(reason)"
    case .progress(let reason): "the progress store could not be used: \(reason)"
    case .processFailed(let reason): "the build could not be started: \(reason)"
    }
  }
}

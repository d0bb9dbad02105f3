// Every way a run of `__EXECUTABLE__` can fail, split into usage errors and runtime errors.

import Foundation
import Models
import Persistence
import TerminalUI

/// A failure of the command-line front end.
///
/// Usage errors (a wrong command line) exit with ``ExitCode/usage`` and are followed by a
/// pointer to `__EXECUTABLE__ help`; runtime errors exit with ``ExitCode/failure``.
nonisolated enum AppError: Error, Equatable, LocalizedError, Sendable {
  /// An argument is not valid UTF-8; `position` counts from 1, `shown` has the bad bytes
  /// replaced.
  case invalidArgumentEncoding(position: Int, shown: String)
  /// The first word is not a command.
  case unknownCommand(String)
  /// An option that does not exist.
  case unknownOption(String)
  /// An option that takes a value was given none.
  case missingValue(option: String)
  /// An option given to a command that does not take it.
  case optionNotAllowed(String, command: String)
  /// Options that belong to a command were given without one.
  case missingCommand
  /// A required argument is missing.
  case missingArgument(String, command: String)
  /// An argument the command does not take.
  case unexpectedArgument(String, command: String)
  /// The text of a __model__ to add breaks a rule.
  case invalidContent(__MODEL__Error)
  /// An id that is neither a UUID nor at least 4 hex digits of one.
  case malformedID(String)
  /// No __model__ has the id, or an id starting with the prefix.
  case notFound(String)
  /// A prefix matches more than one __model__.
  case ambiguousID(String, matches: [UUID])
  /// The store could not be opened.
  case store(String)
  /// A view model's action failed; the sentence is its `errorMessage`.
  case actionFailed(String)
  /// The output could not be encoded as JSON.
  case encodingFailed(String)
  /// The full-screen list could not set up or use the terminal.
  case terminal(TerminalError)

  /// Whether the command line itself is wrong.
  var isUsageError: Bool {
    switch self {
    case .invalidArgumentEncoding, .unknownCommand, .unknownOption, .missingValue,
      .optionNotAllowed, .missingCommand,
      .missingArgument, .unexpectedArgument, .invalidContent, .malformedID:
      true
    default: false
    }
  }

  /// The status the process exits with.
  var exitCode: Int32 { isUsageError ? ExitCode.usage : ExitCode.failure }

  /// The failure an action described in a view model's `errorMessage`.
  static func failed(_ errorMessage: String?) -> AppError {
    .actionFailed(errorMessage ?? "The action failed for an unknown reason.")
  }

  /// The sentence printed after `__EXECUTABLE__: error: `.
  var errorDescription: String? {
    switch self {
    case .invalidArgumentEncoding(let position, let shown):
      "Argument \(position) (“\(shown)”) is not valid UTF-8; a path with such bytes cannot be"
        + " named safely. Rename it, or give it another way."
    case .unknownCommand(let name): "“\(name)” is not a command."
    case .unknownOption(let option): "\(option) is not an option."
    case .missingValue(let option): "\(option) needs a value after it."
    case .optionNotAllowed(let option, let command): "`\(command)` does not take \(option)."
    case .missingCommand: "--notes and --tag belong to a command such as `add`."
    case .missingArgument(let argument, let command): "`\(command)` needs a \(argument)."
    case .unexpectedArgument(let argument, let command):
      "`\(command)` does not take the argument “\(argument)”."
    case .invalidContent(let error): error.errorDescription
    case .malformedID(let text):
      "“\(text)” is not an id: give the full id, or at least its first "
        + "\(__MODEL__Reference.minimumPrefixLength) hex digits."
    case .notFound(let text): "No __model__ has an id starting with “\(text)”; `list` shows them."
    case .ambiguousID(let text, let matches):
      "“\(text)” starts \(matches.count) ids ("
        + matches.map { String($0.uuidString.prefix(8)) }.joined(separator: ", ")
        + "); type more of the one you mean."
    case .store(let sentence), .actionFailed(let sentence): sentence
    case .encodingFailed(let reason): "The output could not be encoded as JSON: \(reason)."
    case .terminal(let error): String(describing: error)
    }
  }
}

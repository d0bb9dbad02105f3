// Every way a run of `__EXECUTABLE__` can fail, split into usage errors and runtime errors.

import Foundation
import Models
import TerminalUI

/// A failure of the command-line front end.
///
/// Usage errors (a wrong command line) exit with ``ExitCode/usage`` and are followed by a
/// pointer to `__EXECUTABLE__ help`; runtime errors exit with ``ExitCode/failure``.
nonisolated enum AppError: Error, Equatable, LocalizedError, Sendable {
  /// An argument is not valid UTF-8; `position` counts from 1, `shown` has the bad bytes
  /// replaced.
  case invalidArgumentEncoding(position: Int, shown: String)
  /// The word is not a command; `suggestion` is the nearest one, if any is close.
  case unknownCommand(String, suggestion: String?)
  /// A group word was given without a command after it.
  case missingCommand(group: String)
  /// An option that does not exist, or not for `command`; `suggestion` is the nearest one.
  case unknownOption(String, suggestion: String?, command: String? = nil)
  /// An option that takes a value was given none.
  case missingValue(option: String)
  /// A required argument is missing.
  case missingArgument(String, command: String)
  /// An argument the command does not take.
  case unexpectedArgument(String, command: String)
  /// `edit` was given no field to change.
  case nothingToEdit(command: String)
  /// The text of a value to store breaks a content rule; the rule's sentence.
  case invalidContent(String)
  /// An id that is neither a UUID nor at least 4 hex digits of one.
  case malformedID(String)
  /// No value has the id, or an id starting with the prefix.
  case notFound(String)
  /// A prefix matches more than one value.
  case ambiguousID(String, matches: [UUID])
  /// Another writer changed (or deleted) the value between reading and saving it; nothing
  /// was saved.
  case editConflict(title: String, differences: [FieldDifference], deleted: Bool)
  /// The store could not be opened.
  case store(String)
  /// A view model's action failed; the sentence is its `errorMessage`.
  case actionFailed(String)
  /// The output could not be encoded as JSON.
  case encodingFailed(String)
  /// The full-screen app could not set up or use the terminal.
  case terminal(TerminalError)

  /// Whether the command line itself is wrong.
  var isUsageError: Bool {
    switch self {
    case .invalidArgumentEncoding, .unknownCommand, .missingCommand, .unknownOption,
      .missingValue, .missingArgument, .unexpectedArgument, .nothingToEdit, .invalidContent,
      .malformedID:
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
    case .unknownCommand(let name, let suggestion):
      "“\(name)” is not a command" + (suggestion.map { "; did you mean “\($0)”?" } ?? ".")
    case .missingCommand(let group):
      "`\(group)` needs a command after it, such as `\(group) list`."
    case .unknownOption(let option, let suggestion, let command):
      (command.map { "`\($0)` does not take \(option)" } ?? "\(option) is not an option")
        + (suggestion.map { "; did you mean \($0)?" } ?? ".")
    case .missingValue(let option): "\(option) needs a value after it."
    case .missingArgument(let argument, let command): "`\(command)` needs a \(argument)."
    case .unexpectedArgument(let argument, let command):
      "`\(command)` does not take the argument “\(argument)”."
    case .nothingToEdit(let command):
      "`\(command)` needs at least one field to change, such as --title TEXT."
    case .invalidContent(let sentence): sentence
    case .malformedID(let text):
      "“\(text)” is not an id: give the full id, or at least its first "
        + "\(IDReference.minimumPrefixLength) hex digits."
    case .notFound(let text): "Nothing has an id starting with “\(text)”; `list` shows them."
    case .ambiguousID(let text, let matches):
      "“\(text)” starts \(matches.count) ids ("
        + matches.map { String($0.uuidString.prefix(8)) }.joined(separator: ", ")
        + "); type more of the one you mean."
    case .editConflict(let title, let differences, let deleted):
      deleted
        ? "“\(title)” was deleted by another writer while this command ran; nothing was saved."
        : "“\(title)” was changed by another writer while this command ran; nothing was saved. "
          + differences.map { "\($0.field): yours “\($0.yours)”, theirs “\($0.theirs)”." }
          .joined(separator: " ") + " Run the command again to apply yours to their version."
    case .store(let sentence), .actionFailed(let sentence): sentence
    case .encodingFailed(let reason): "The output could not be encoded as JSON: \(reason)."
    case .terminal(let error): String(describing: error)
    }
  }
}

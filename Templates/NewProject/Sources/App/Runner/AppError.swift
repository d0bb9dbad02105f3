// Every way a run of `__EXECUTABLE__` can fail, split into usage errors and runtime errors.

import CommandLineKit
import Foundation
import LocalStore
import LocalStoreSyncKit
import Models
import TerminalUI

/// A failure of the command-line front end.
///
/// Usage errors (a wrong command line) exit with ``ExitCode/usage`` and are followed by the
/// usage line of their command; runtime errors exit with ``ExitCode/failure``. What every tool
/// made from the template says the same way (a wrong command line, an id that matches
/// nothing, an edit another writer overtook) is worded by `CommandLineKit`.
nonisolated enum AppError: Error, Equatable, Sendable {
  /// The command line is wrong; `command` (`add`, `ingredients add`) is the command whose
  /// usage line follows, `nil` for the program's.
  case usage(UsageError, command: String?)
  /// No value, or more than one, has the id given.
  case lookup(IDLookupError, noun: String, plural: String, listCommand: String)
  /// Another writer changed (or deleted) the value between reading and saving it; nothing
  /// was saved. `retry` is the command to run again.
  case editConflict(title: String, differences: [FieldDifference], deleted: Bool, retry: String)
  /// The store could not be opened, read, written or synchronized; the sentence says why.
  case storeFailed(String)
  /// A view model's action failed; the sentence is its `errorMessage`.
  case actionFailed(String)
  /// The output could not be encoded as JSON.
  case encodingFailed(String)
  /// The full-screen app could not set up or use the terminal.
  case terminal(TerminalError)
  /// `sync` failed, worded by the shared ``/LocalStoreSyncKit/SyncCommandError``: a round
  /// that failed (what it did not send waits), no server or password, a credentials file
  /// refused, conflicts left.
  case sync(SyncCommandError)

  /// Whether the command line itself is wrong.
  var isUsageError: Bool { usageCommand != nil }

  /// For a usage error, the command whose usage line follows it (`nil` inside: the
  /// program's); `nil` for any other error.
  var usageCommand: String?? {
    switch self {
    case .usage(_, let command): command
    case .sync(let error) where error.isUsageError: "sync"
    default: nil
    }
  }

  /// The status the process exits with.
  var exitCode: Int32 { isUsageError ? ExitCode.usage : ExitCode.failure }

  /// The failure an action described in a view model's `errorMessage`.
  static func failed(_ errorMessage: String?) -> AppError {
    .actionFailed(errorMessage ?? "The action failed for an unknown reason.")
  }

  /// Wraps any error thrown by the shared sync command: its usage errors as `sync`'s, an id
  /// that matches no value in conflict as a lookup's, the store's as the store's.
  static func sync(
    _ error: any Error, noun: String, plural: String, listCommand: String
  )
    -> AppError
  {
    switch error {
    case SyncCommandError.usage(let usage): .usage(usage, command: "sync")
    case let error as SyncCommandError: .sync(error)
    case let error as IDLookupError:
      .lookup(error, noun: noun, plural: plural, listCommand: listCommand)
    default: .store(error)
    }
  }

  /// Wraps any error thrown by a store, with its own sentence.
  static func store(_ error: any Error) -> AppError {
    .storeFailed(
      (error as? PersistenceError)?.description ?? (error as? any LocalizedError)?.errorDescription
        ?? String(describing: error))
  }

  /// The sentence printed after `__EXECUTABLE__: error: `.
  var sentence: String {
    switch self {
    case .usage(let error, _): error.sentence
    case .lookup(let error, let noun, let plural, let listCommand):
      error.sentence(noun: noun, plural: plural, listCommand: listCommand)
    case .editConflict(let title, let differences, let deleted, let retry):
      ConflictReport.sentence(
        title: title,
        differences: differences.map {
          ConflictReport.Difference(field: $0.field, theirs: $0.theirs, yours: $0.yours)
        }, deleted: deleted, retry: retry)
    case .storeFailed(let sentence), .actionFailed(let sentence): sentence
    case .encodingFailed(let reason): "The output could not be encoded as JSON: \(reason)."
    case .terminal(let error): String(describing: error)
    case .sync(let error): error.errorDescription ?? String(describing: error)
    }
  }
}

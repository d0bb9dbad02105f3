// Every way a run of `questions` can fail, split into usage errors and runtime errors.

import CommandLineKit
import Foundation
import LocalStore
import LocalStoreSyncKit
import Models
import Persistence
import TerminalUI

/// A failure of the command-line front end.
///
/// Usage errors (a wrong command line) exit with ``/CommandLineKit/ExitCode/usage`` and are followed by the
/// usage line of ``subcommand``; runtime errors exit with ``/CommandLineKit/ExitCode/failure``.
nonisolated enum AppError: Error, Equatable, Sendable {
  /// Another wrong command line, worded by the shared ``/CommandLineKit/UsageError``.
  case usage(UsageError, subcommand: Subcommand?)
  /// The first word is not a subcommand.
  case unknownCommand(String)
  /// An option that does not exist, or does not belong to the subcommand.
  case unknownOption(String, subcommand: Subcommand?)
  /// An option that takes a value was given none.
  case missingValue(option: String, subcommand: Subcommand?)
  /// A flag was given a value, as in `--json=yes`.
  case unexpectedValue(option: String, subcommand: Subcommand?)
  /// An option that may appear once appeared again.
  case repeatedOption(String, subcommand: Subcommand?)
  /// A required option, such as `--answer`, is missing.
  case missingOption(String, subcommand: Subcommand)
  /// A required positional argument is missing.
  case missingArgument(String, subcommand: Subcommand)
  /// A positional argument the subcommand does not take.
  case unexpectedArgument(String, subcommand: Subcommand?)
  /// An argument or option value that is empty or only white space.
  case blankValue(String, subcommand: Subcommand?)
  /// `export` to a file whose name does not end in `.csv` or `.json`, without `--format`.
  case formatNeeded(String)
  /// The argument at `position` (from 1, after the program's name) is not valid UTF-8;
  /// `shown` is it with each invalid byte replaced by U+FFFD, for the message only.
  case invalidArgumentEncoding(position: Int, shown: String)
  /// The environment variable `name`, which names the data folder, is not valid UTF-8;
  /// `shown` is its value with each invalid byte replaced by U+FFFD, for the message only.
  case invalidEnvironmentEncoding(name: String, shown: String)
  /// The prompt, answer or tags of a question to add break a rule of ``/Models/QuestionContent``.
  case invalidContent(QuestionContentError, subcommand: Subcommand)
  /// A question id that is neither a UUID nor at least 4 hex digits of one.
  case malformedID(String, subcommand: Subcommand)
  /// An option that takes a whole number of at least 1, such as `--count`, was given another
  /// value.
  case notAPositiveNumber(String, option: String, subcommand: Subcommand)
  /// The store could not be opened, read or written.
  case persistence(PersistenceError)
  /// The store failed in a way other than a ``/LocalStore/PersistenceError``.
  case storeFailed(String)
  /// A view model's action failed; the sentence is its `errorMessage`.
  case actionFailed(String)
  /// No question has the id, or an id starting with the prefix.
  case noSuchQuestion(String)
  /// A prefix matches more than one question.
  case ambiguousID(String, matches: [UUID])
  /// The output could not be encoded as JSON.
  case encodingFailed(String)
  /// The study history, `sessions.json`, could not be opened.
  case studyHistory(PersistenceError)
  /// A quiz could not start; the sentence says why, such as no question having the tag.
  case quizNotStarted(String)
  /// Standard input ended before the last question of a quiz was graded.
  case quizStopped(atQuestion: Int, of: Int)
  /// A finished quiz's result could not be stored, and the person chose not to retry.
  case resultNotSaved(String)
  /// The full-screen mode could not set up or use the terminal.
  case terminal(TerminalError)
  /// `edit` was given no field to change.
  case nothingToChange(subcommand: Subcommand)
  /// Another writer changed (or, with `current` `nil`, deleted) the question `edit` read,
  /// before it saved `yours`; nothing was saved.
  case editConflict(yours: Question, current: Question?)
  /// An option value that is not one of those allowed, such as `--format xml`.
  case invalidValue(String, option: String, expected: String, subcommand: Subcommand)
  /// A file to import could not be read.
  case unreadableFile(String, reason: String)
  /// The file to import, or standard input, holds more than `limit` bytes; nothing was read
  /// past the limit.
  case importTooLarge(String, limit: Int)
  /// An export could not be written; an older file at the path is left as it was.
  case unwritableFile(String, reason: String)
  /// A file to import cannot be read as questions at all (not JSON, a bad CSV header).
  case malformedImport(String, line: Int?, reason: String)
  /// Rows of a file to import are invalid, so nothing was imported; they are listed before.
  case invalidRows(String, invalid: Int, valid: Int)
  /// A question cannot be exported in the format asked for without losing something.
  case notRepresentable(InterchangeFormat, id: String, reason: String)
  /// `sync` failed, worded by the shared ``/LocalStoreSyncKit/SyncCommandError``: a round
  /// that failed (what it did not send waits), no server or password, a credentials file
  /// refused, conflicts left.
  case syncFailed(SyncCommandError)
  /// The export's destination is a file of a store in the data folder (`questions.json`,
  /// `sessions.json`, their journals, locks and kept copies), which the export would destroy.
  case exportOverStore(String)

  /// The failure a view model describes in `errorMessage`, after an action returned `false`.
  static func failed(_ errorMessage: String?) -> AppError {
    .actionFailed(errorMessage ?? "The action failed for an unknown reason.")
  }

  /// Wraps any error thrown by the shared sync command: its usage errors as `sync`'s, an id
  /// that matches no question in conflict as a lookup's, the store's as the store's.
  static func sync(_ error: any Error) -> AppError {
    switch error {
    case SyncCommandError.usage(let usage): .usage(usage, subcommand: .sync)
    case let error as SyncCommandError: .syncFailed(error)
    case IDLookupError.notFound(let typed): .noSuchQuestion(typed)
    case IDLookupError.ambiguous(let typed, let matches): .ambiguousID(typed, matches: matches)
    default: .store(error)
    }
  }

  /// Wraps any error thrown by the store.
  static func store(_ error: any Error) -> AppError {
    switch error {
    case let error as PersistenceError: return .persistence(error)
    case QuestionStoreError.store(let error): return .persistence(error)
    case let error as QuestionStoreError: return .storeFailed(error.reason)
    default: return .storeFailed(String(describing: error))
    }
  }

  /// Whether the command line itself was wrong.
  var isUsageError: Bool {
    switch self {
    case .usage, .unknownCommand, .unknownOption, .missingValue, .unexpectedValue, .repeatedOption,
      .missingOption, .missingArgument, .unexpectedArgument, .blankValue, .invalidContent,
      .malformedID, .notAPositiveNumber, .invalidValue, .invalidArgumentEncoding,
      .formatNeeded, .nothingToChange:
      true
    case .syncFailed(let error):
      error.isUsageError
    case .persistence, .storeFailed, .actionFailed, .noSuchQuestion, .ambiguousID, .encodingFailed,
      .studyHistory, .quizNotStarted, .quizStopped, .resultNotSaved, .terminal,
      .unreadableFile, .importTooLarge, .unwritableFile, .malformedImport, .invalidRows,
      .notRepresentable, .exportOverStore, .invalidEnvironmentEncoding, .editConflict:
      false
    }
  }

  /// The status to exit with: ``/CommandLineKit/ExitCode/usage`` for a usage error, and for an environment
  /// that is not UTF-8 (as for such an argument), else ``/CommandLineKit/ExitCode/failure``.
  var exitCode: Int32 {
    if case .invalidEnvironmentEncoding = self { return ExitCode.usage }
    return isUsageError ? ExitCode.usage : ExitCode.failure
  }

  /// The subcommand whose usage line goes with a usage error; `nil` for the general one.
  var subcommand: Subcommand? {
    switch self {
    case .usage(_, let subcommand), .unknownOption(_, let subcommand),
      .missingValue(_, let subcommand),
      .unexpectedValue(_, let subcommand), .repeatedOption(_, let subcommand),
      .unexpectedArgument(_, let subcommand), .blankValue(_, let subcommand):
      subcommand
    case .missingOption(_, let subcommand), .missingArgument(_, let subcommand),
      .invalidContent(_, let subcommand),
      .malformedID(_, let subcommand),
      .notAPositiveNumber(_, _, let subcommand), .nothingToChange(let subcommand):
      subcommand
    case .invalidValue(_, _, _, let subcommand):
      subcommand
    case .formatNeeded:
      .export
    case .syncFailed(let error):
      error.isUsageError ? .sync : nil
    case .unknownCommand, .invalidArgumentEncoding, .persistence, .storeFailed, .actionFailed,
      .noSuchQuestion, .ambiguousID,
      .encodingFailed, .studyHistory, .quizNotStarted, .quizStopped, .resultNotSaved,
      .terminal, .unreadableFile, .importTooLarge, .unwritableFile, .malformedImport,
      .invalidRows, .notRepresentable, .exportOverStore, .invalidEnvironmentEncoding,
      .editConflict:
      nil
    }
  }
}

nonisolated extension AppError: LocalizedError {
  /// A sentence saying what went wrong and, where it helps, what to do.
  var errorDescription: String? {
    if let usage = sharedWording { return usage.sentence }
    if let lookup = lookupFailure {
      return lookup.sentence(noun: "question", plural: "questions", listCommand: "questions list")
    }
    return switch self {
    case .formatNeeded(let path):
      "Cannot tell the format from the name '\(path)'. Add '--format csv' or '--format json'."
        + " Nothing was written."
    case .invalidContent(let error, _):
      error.description
    case .persistence(let error) where error.canBeMovedAside:
      error.description
        + " Run 'questions repair': it keeps every intact item and moves the unreadable"
        + " bytes aside."
    case .persistence(let error):
      error.description
    case .storeFailed(let reason):
      "The store failed: \(reason)."
    case .actionFailed(let sentence):
      sentence
    case .encodingFailed(let reason):
      "The output could not be encoded as JSON: \(reason)."
    case .studyHistory(let error) where error.canBeMovedAside:
      error.description
        + " Move it aside to start a new study history; your questions are not affected."
    case .studyHistory(let error):
      error.description
    case .quizNotStarted(let reason):
      reason
    case .quizStopped(let question, let total):
      "The quiz stopped at question \(question) of \(total) because the input ended;"
        + " nothing was stored."
    case .resultNotSaved(let reason):
      "The quiz result was not stored: \(reason)"
    case .terminal(.notATerminal(let stream)):
      "The full-screen mode needs a terminal, and \(stream) is not one."
        + " Run it in a terminal, or use the subcommands ('questions help')."
    case .terminal(let error):
      error.description
    case .unreadableFile(let path, let reason):
      "Cannot read \(path): \(reason). Nothing was imported."
    case .importTooLarge(let path, let limit):
      "\(path) is larger than the import limit of \(limit >> 20) MiB; nothing was imported."
        + " Split it into smaller files and import each."
    case .unwritableFile(let path, let reason):
      "Cannot write \(path): \(reason). Any earlier file there was left as it was."
    case .malformedImport(let path, let line?, let reason):
      "\(path):\(line): \(reason). Nothing was imported."
    case .malformedImport(let path, nil, let reason):
      "\(path): \(reason). Nothing was imported."
    case .invalidRows(let path, let invalid, let valid):
      "\(path) has \(invalid) invalid \(invalid == 1 ? "row" : "rows") (listed above) and"
        + " \(valid) valid; nothing was imported. Fix the invalid rows, or run again with"
        + " --skip-invalid to import only the valid ones."
    case .notRepresentable(let format, let id, let reason):
      "Cannot export as \(format.rawValue.uppercased()): the question \(id) \(reason)."
        + " Nothing was written. Export with '--format json', which keeps every question"
        + " exactly."
    case .editConflict(let yours, let current):
      ConflictReport.sentence(
        title: TerminalText.excerpt(yours.prompt, limit: 60),
        differences: ConflictPage.differences(yours: yours, theirs: current).map {
          ConflictReport.Difference(field: $0.0, theirs: $0.1 ?? "", yours: $0.2 ?? "")
        }, deleted: current == nil, retry: "questions edit")
    case .syncFailed(let error):
      error.errorDescription ?? "\(error)"
    case .exportOverStore(let path):
      "\(path) belongs to the data folder's stores; exporting there would replace it."
        + " Choose a file outside the data folder, or a name that is not a store's."
    default:
      String(describing: self)  // Worded by `sharedWording` or `lookupFailure` above.
    }
  }
}

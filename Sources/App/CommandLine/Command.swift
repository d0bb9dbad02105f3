// What the person asked `questions` to do, with its arguments checked and cleaned.

import Models
import Persistence

/// A subcommand with its validated arguments.
nonisolated enum Command: Equatable, Sendable {
  /// Add a question with `content`, which follows the rules the form follows.
  case add(QuestionContent)
  /// List the questions, or only those with `tag`.
  case list(tag: String?)
  /// Show the question `reference` designates.
  case show(QuestionReference)
  /// Delete the question `reference` designates.
  case delete(QuestionReference)
  /// Change the fields given of the question `reference` designates, unless another writer
  /// changed it meanwhile; `tags`, when given, replace every tag.
  case edit(QuestionReference, prompt: String?, answer: String?, tags: [String]?)
  /// List the questions matching `text`.
  case search(String)
  /// Ask the questions with `tag` (or all), at most `count` of them, and store the result.
  case quiz(tag: String?, count: Int?)
  /// Show the study history's statistics by day and by tag.
  case stats
  /// Add the built-in sample deck; loading it again replaces the same questions.
  case sample
  /// Rebuild each unreadable store from what is intact; with `apply`, instead apply the
  /// changes a repair set aside in that file.
  case repair(apply: String?)
  /// Copy every question into a store of kind `to`, check the copy, then switch to it.
  case migrate(to: StoreKind)
  /// Push the pending changes to the sync server and pull its changes, once, with the server
  /// and user given or remembered; with `status`, print where the sync stands instead.
  case sync(server: String?, user: String?, status: Bool)
  /// Settle the sync conflict of the question `reference` designates: keep this device's
  /// version (sent on the next sync) or the server's.
  case resolveSyncConflict(QuestionReference, keepMine: Bool)
  /// Open the full-screen front end; what runs with no subcommand at a terminal.
  case fullScreen
  /// Write every question to `destination` (standard output when `nil`), as `format`, or as
  /// the destination's extension says when `nil`.
  case export(format: InterchangeFormat?, destination: String?)
  /// Read the questions of `source` (`-` for standard input) and save them in one change;
  /// with `skipInvalid`, even when some rows are invalid.
  case `import`(source: String, format: InterchangeFormat?, skipInvalid: Bool)
  /// Print the help of `subcommand`, or the general help when it is `nil`.
  case help(Subcommand?)
}

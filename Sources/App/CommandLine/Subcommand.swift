// The subcommands of `questions`, with the words their help and usage lines are made of.

import CommandLineKit
import ViewModels

/// A subcommand named on the command line, such as `add` in `questions add`.
nonisolated enum Subcommand: String, CaseIterable, Sendable {
  /// Adds a question.
  case add
  /// Lists the questions; also what runs when no subcommand is given.
  case list
  /// Shows one question.
  case show
  /// Changes fields of one question.
  case edit
  /// Deletes one question.
  case delete
  /// Lists the questions that match some words.
  case search
  /// Asks questions one at a time and records the score.
  case quiz
  /// Shows the quiz results by day and by tag.
  case stats
  /// Loads the built-in sample deck.
  case sample
  /// Rebuilds an unreadable store from what is intact, or applies the changes it set aside.
  case repair
  /// Moves the questions to the other kind of store.
  case migrate
  /// Sends the changes to a sync server and fetches its changes.
  case sync
  /// Writes every question to a JSON or CSV file.
  case export
  /// Adds or replaces the questions of a JSON or CSV file, all or none.
  case `import`
  /// Prints help.
  case help

  /// One line saying what the subcommand does.
  var overview: String {
    switch self {
    case .add: "Add a question and print its id."
    case .list: "List the questions in the order they were added."
    case .show: "Show every field of one question."
    case .edit: "Change the prompt, answer or tags of one question, unless changed meanwhile."
    case .delete: "Delete one question."
    case .search: "List the questions whose prompt, answer or tags contain every word."
    case .quiz: "Ask questions one at a time and keep the score."
    case .stats: "Show quiz results by day and by tag."
    case .sample: "Add the built-in deck of questions about Swift concurrency and persistence."
    case .repair: "Rebuild an unreadable store from its intact items; the original is kept."
    case .migrate: "Move the questions to the SQLite store or back; the old store is kept."
    case .sync: "Send changes to the sync server and fetch its changes, once."
    case .export: "Write every question to a JSON or CSV file, or to standard output."
    case .import: "Add the questions of a JSON or CSV file; nothing is saved if a row is invalid."
    case .help: "Show help for questions or one of its subcommands."
    }
  }

  /// The usage line, without the leading `Usage: `.
  var usage: String { "questions " + usageAfterName }

  /// How to type the subcommand, after the program's name.
  private var usageAfterName: String {
    switch self {
    case .add: "add <prompt> --answer <text> [--tag <tag>]..."
    case .list: "list [--tag <tag>]"
    case .show: "show <id>"
    case .edit: "edit <id> [--prompt <text>] [--answer <text>] [--tag <tag>]..."
    case .delete: "delete <id>"
    case .search: "search <text>..."
    case .quiz: "quiz [--tag <tag>] [--count <n>]"
    case .stats: "stats"
    case .sample: "sample"
    case .repair: "repair [--apply <file>]"
    case .migrate: "migrate --to sqlite|journal"
    case .sync: "sync [--server <url> --user <name>] [--status] [--keep mine|theirs <id>]"
    case .export: "export [--format json|csv] [<file>]"
    case .import: "import <file> [--format json|csv] [--skip-invalid]"
    case .help: "help [<subcommand>]"
    }
  }

  /// The positional arguments, as label and description.
  var arguments: [(label: String, description: String)] {
    switch self {
    case .add:
      [("<prompt>", "The question to ask. If it starts with `-`, put it last, after `--`.")]
    case .list, .sample, .repair, .quiz, .stats, .migrate: []
    case .sync:
      [
        (
          "<id>",
          "With --keep: the question in conflict, by its id or its first 4 or more hex digits."
        )
      ]
    case .show, .delete, .edit:
      [("<id>", "The question's id, or its first 4 or more hex digits as `list` shows them.")]
    case .search: [("<text>", "Words that must all occur, ignoring case and accents.")]
    case .help: [("<subcommand>", "The subcommand to describe.")]
    case .export:
      [("<file>", "The file to write, replaced whole; standard output if absent or `-`.")]
    case .import: [("<file>", "The JSON or CSV file to read; `-` reads standard input.")]
    }
  }

  /// The options that belong to this subcommand, besides the global ones.
  var options: [OptionName] {
    switch self {
    case .add: [.answer, .tag]
    case .list: [.tag]
    case .quiz: [.tag, .count]
    case .edit: [.prompt, .answer, .tag]
    case .show, .delete, .search, .sample, .help, .stats: []
    case .repair: [.apply]
    case .migrate: [.to]
    case .sync: [.server, .user, .status, .keep]
    case .export: [.format]
    case .import: [.format, .skipInvalid]
    }
  }

  /// The options this subcommand accepts, as label and description, for its help.
  var optionHelp: [(label: String, description: String)] {
    switch self {
    case .add:
      [
        ("--answer <text>", "The expected answer (required)."),
        ("--tag <tag>", "A tag to file the question under; repeat for more tags."),
      ]
    case .list: [("--tag <tag>", "Only list the questions with this tag, ignoring case.")]
    case .quiz:
      [
        ("--tag <tag>", "Only ask the questions with this tag, ignoring case."),
        (
          "--count <n>",
          "Ask at most this many questions, chosen at random"
            + " (default: \(QuestionBankModel.quizLength))."
        ),
      ]
    case .show, .delete, .search, .sample, .help, .stats: []
    case .repair:
      [("--apply <file>", "Apply the changes a repair set aside there, once you have read them.")]
    case .migrate:
      [
        (
          "--to sqlite|journal",
          "The store to move to: sqlite for banks larger than memory, journal to come back."
        )
      ]
    case .sync:
      [
        ("--server <url>", "The Kinto server's address, such as http://127.0.0.1:8888/v1."),
        ("--user <name>", "The account's user name."),
        ("--status", "Print the pending changes, the last successful sync and the server."),
        ("--keep mine|theirs", "Settle the conflict of <id>: keep this device's or the server's."),
      ]
    case .edit:
      [
        ("--prompt <text>", "The new prompt."),
        ("--answer <text>", "The new answer."),
        (
          "--tag <tag>",
          "A tag; repeat for more. The tags given replace every tag; --tag \"\" removes them."
        ),
      ]
    case .export:
      [("--format <format>", "json or csv; by default from the file's extension, else json.")]
    case .import:
      [
        ("--format <format>", "json or csv; by default from the extension, else the contents."),
        ("--skip-invalid", "Import the valid rows even if some rows are invalid."),
      ]
    }
  }

  /// The paragraph after the options on the subcommand's help page, if it has one.
  var note: String? {
    if self == .sync {
      return """
        The password comes from the environment variable QUESTIONS_SYNC_PASSWORD, never from
        an argument. After the first sync that succeeds, the server, user and password are
        kept in sync.credentials in the data folder (mode 0600), so a later sync needs none.
        The first sync moves the questions into the synced store (questions.synced.json).
        When the server cannot be reached, changes stay pending for the next sync. A question
        changed here and on the server is a conflict: it keeps this device's version, unsent,
        until `questions sync --keep mine <id>` (sent on the next sync) or `--keep theirs <id>`.
        """
    }
    guard self == .quiz else { return nil }
    return """
      Each question waits for Enter, shows the answer, then asks y or n. Typing y or n
      instead of Enter grades at once, so answers from a pipe take one line per question:
        printf 'y\\nn\\ny\\n' | questions quiz --count 3
      """
  }

  /// The subcommand as the shared parser and help layout know it.
  var spec: CommandSpec {
    CommandSpec(
      path: [rawValue], overview: overview, usage: usageAfterName, arguments: arguments,
      options: options.map(\.spec), optionHelp: optionHelp, note: note)
  }
}

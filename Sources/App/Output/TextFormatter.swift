// Renders questions and messages as human-readable text.

import CommandLineKit
import Foundation
import Models

/// The text form of the output: one line per question in lists, every field for `show`.
nonisolated struct TextFormatter: Sendable {
  /// The styling applied to ids and prompts.
  var style = TextStyle.plain
  /// Whether stored text is shown with its control characters neutralised
  /// (``/CommandLineKit/TerminalText``), which is right when the output is a terminal.
  var neutralizesControls = false

  /// The number of id characters shown in a list, enough to pass to `show` or `delete`.
  static let shortIDLength = 8

  /// The hint shown on stderr when the store is empty.
  static let emptyStoreHint = """
    No questions yet. Add one with:
      questions add "What does an actor guarantee?" --answer "Serial access to its state"
    or load the built-in deck of \(Question.sampleDeck.count) questions \
    about actors and persistence:
      questions sample

    """

  /// What `sample` says once the deck is in the store.
  func sampleLoaded(_ count: Int) -> String {
    "Loaded \(count) sample questions. List them with: questions list\n"
  }

  /// `3F2A1B4C  What does an actor guarantee?  [concurrency, actors]` and a newline.
  func row(_ question: Question) -> String {
    let id = style.dim(String(question.id.uuidString.prefix(Self.shortIDLength)))
    var line = id + "  " + style.bold(shown(singleLine(question.prompt)))
    if !question.tags.isEmpty {
      line += "  [" + shown(question.tags.joined(separator: ", ")) + "]"
    }
    return line + "\n"
  }

  /// One ``row(_:)`` per question.
  func rows(_ questions: [Question]) -> String {
    questions.map(row).joined()
  }

  /// Every field of `question`, one per line.
  func detail(_ question: Question) -> String {
    let fields = [
      ("ID", style.dim(question.id.uuidString)),
      ("Prompt", style.bold(shown(question.prompt))),
      ("Answer", shown(question.answer)),
      ("Tags", question.tags.isEmpty ? "(none)" : shown(question.tags.joined(separator: ", "))),
      ("Created", question.createdAt.formatted(.iso8601)),
    ]
    return fields.map { "\($0):" + String(repeating: " ", count: 9 - $0.count) + $1 + "\n" }
      .joined()
  }

  /// The line printed after deleting `question`.
  func deleted(_ question: Question) -> String {
    "Deleted \(question.id.uuidString)\n"
  }

  /// The line printed after `edit` saved `question`.
  func saved(_ question: Question) -> String {
    "Saved \(question.id.uuidString)\n"
  }

  /// The line printed when a search finds nothing.
  func noMatches(for text: String) -> String {
    "No questions match \"\(shown(text))\".\n"
  }

  /// The line printed when no question has the tag.
  func noneTagged(_ tag: String) -> String {
    "No questions are tagged \"\(shown(tag))\".\n"
  }

  /// `text` as it may be printed: neutralised when ``neutralizesControls`` is set.
  func shown(_ text: String) -> String {
    neutralizesControls ? TerminalText.neutralized(text) : text
  }

  /// Line breaks and tabs in `text` as spaces, so a question stays on one line.
  private func singleLine(_ text: String) -> String {
    String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
  }
}

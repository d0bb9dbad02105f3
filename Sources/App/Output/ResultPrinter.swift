// Prints the result of a command as text or JSON, on standard output.

import CommandLineKit
import Models

/// Writes what a command produced, in the format the invocation asked for.
///
/// Standard output carries the result a script would capture: rows, a question, an id, JSON.
/// Messages for a person (the empty-store hint, "nothing matched", "Deleted …") go to
/// standard error in text mode, as clig.dev recommends; in JSON mode the report is the result.
struct ResultPrinter {
  /// Where the output goes.
  var console: any Console
  /// Whether `--json` was given.
  var json: Bool
  /// The text rendering, with the run's colour style.
  var text: TextFormatter

  /// A list of questions, or `message` in text mode when there are none.
  func questions(_ questions: [Question], whenEmpty message: String) throws(AppError) {
    // One page of the page printer: the two print the same bytes by construction.
    var pages = QuestionPagePrinter(self)
    try pages.print(questions)
    pages.finish(whenEmpty: message)
  }

  /// A report: its JSON on standard output with `--json`, else `sentence` on standard error.
  func report(_ value: some Encodable, sentence: String) throws(AppError) {
    if json {
      console.writeOutput(try JSONFormatter().encode(value))
    } else {
      console.writeError(sentence)
    }
  }

  /// One question: its JSON object, or `textForm` in text mode.
  func question(_ question: Question, textForm: String) throws(AppError) {
    console.writeOutput(json ? try JSONFormatter().object(question) : textForm)
  }

  /// One question's JSON object with `--json`, else `sentence` about it on standard error.
  func question(_ question: Question, message sentence: String) throws(AppError) {
    if json {
      console.writeOutput(try JSONFormatter().object(question))
    } else {
      console.writeError(sentence)
    }
  }
}

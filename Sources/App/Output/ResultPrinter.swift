// Prints the result of a command as text or JSON, on standard output.

import Models

/// Writes what a command produced, in the format the invocation asked for.
///
/// In JSON mode only JSON reaches standard output; in text mode the messages for an empty
/// result (the empty-store hint, "nothing matched") go there too.
struct ResultPrinter {
  /// Where the output goes.
  var console: any Console
  /// Whether `--json` was given.
  var json: Bool
  /// The text rendering, with the run's colour style.
  var text: TextFormatter

  /// A list of questions, or `message` in text mode when there are none.
  func questions(_ questions: [Question], whenEmpty message: String) throws(AppError) {
    if json {
      console.writeOutput(try JSONFormatter().array(questions))
    } else {
      console.writeOutput(questions.isEmpty ? message : text.rows(questions))
    }
  }

  /// One question: its JSON object, or `textForm` in text mode.
  func question(_ question: Question, textForm: String) throws(AppError) {
    console.writeOutput(json ? try JSONFormatter().object(question) : textForm)
  }
}

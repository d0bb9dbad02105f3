// Prints a list of questions a page at a time, in the bytes of the whole list printed at once.

import CommandLineKit
import Models

/// Prints the questions of a list as they are read, page by page, so that a command that
/// lists a store larger than memory never holds more than a page: the same bytes as
/// ``ResultPrinter/questions(_:whenEmpty:)`` prints for the whole list, text or JSON.
struct QuestionPagePrinter {
  /// The printer of the run: its console, format and text style.
  let printer: ResultPrinter
  /// How many questions were printed so far.
  private(set) var printed = 0

  init(_ printer: ResultPrinter) {
    self.printer = printer
  }

  /// Prints `page` after the pages before it.
  mutating func print(_ page: [Question]) throws(AppError) {
    guard !page.isEmpty else { return }
    if printer.json {
      let elements = try JSONFormatter().elements(page)
      printer.console.writeOutput((printed == 0 ? "[\n" : ",\n") + elements)
    } else {
      printer.console.writeOutput(printer.text.rows(page))
    }
    printed += page.count
  }

  /// Ends the list: closes the JSON array, or says `message` in text mode when nothing was
  /// printed.
  func finish(whenEmpty message: String) {
    if printer.json {
      printer.console.writeOutput(printed == 0 ? "[]\n" : "\n]\n")
    } else if printed == 0 {
      printer.console.writeError(message)
    }
  }
}

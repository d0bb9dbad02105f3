// A console that keeps everything written to it in memory and reads scripted lines, for runner tests.

import CommandLineKit

/// Collects standard output and standard error as strings, and plays back lines of input.
@MainActor
final class CapturedConsole: Console {
  /// The lines still to be read from standard input, in order; reading past them is the end.
  var input: [String] = []

  /// Everything written to standard output.
  private(set) var output = ""
  /// Everything written to standard error.
  private(set) var errors = ""

  func writeOutput(_ text: String) {
    output += text
  }

  func writeError(_ text: String) {
    errors += text
  }

  func readLine() -> String? {
    input.isEmpty ? nil : input.removeFirst()
  }
}

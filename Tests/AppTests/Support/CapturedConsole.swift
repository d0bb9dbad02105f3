// A console that keeps everything written to it in memory, for runner tests.

@testable import App

/// Collects standard output and standard error as strings.
@MainActor
final class CapturedConsole: Console {
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
}

// What the runner needs to know about the process it runs in, gathered once by `Main`.

import Foundation

/// The environment, working folder and terminals of one run of `questions`.
///
/// `Main` fills it from the real process; tests build one by hand.
nonisolated struct ProcessContext: Sendable {
  /// The environment variables.
  var environment: [String: String]
  /// The folder a relative `--data-dir` is resolved against.
  var currentDirectory: URL
  /// Whether standard input is a terminal.
  var standardInputIsTerminal = false
  /// Whether standard output is a terminal; colour is only ever used when it is.
  var standardOutputIsTerminal = false
  /// Whether standard error is a terminal; progress bars are only ever drawn when it is.
  var standardErrorIsTerminal = false

  /// Whether a person is at a terminal on both ends, so a full-screen mode could be offered.
  var isInteractive: Bool { standardInputIsTerminal && standardOutputIsTerminal }
}

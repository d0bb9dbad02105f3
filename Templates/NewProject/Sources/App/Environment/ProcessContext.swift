// What the runner needs to know about the process it runs in, gathered once by `main`.

import Foundation

/// The environment, working folder and terminals of one run of `__EXECUTABLE__`.
///
/// The executable fills it from the real process; tests build one by hand.
public struct ProcessContext: Sendable {
  /// The environment variables.
  public var environment: [String: String]
  /// The folder a relative `--data-dir` is resolved against.
  public var currentDirectory: URL
  /// Whether standard input is a terminal.
  public var standardInputIsTerminal: Bool
  /// Whether standard output is a terminal.
  public var standardOutputIsTerminal: Bool

  /// Describes a process; the streams not named are not terminals.
  public init(
    environment: [String: String], currentDirectory: URL, standardInputIsTerminal: Bool = false,
    standardOutputIsTerminal: Bool = false
  ) {
    self.environment = environment
    self.currentDirectory = currentDirectory
    self.standardInputIsTerminal = standardInputIsTerminal
    self.standardOutputIsTerminal = standardOutputIsTerminal
  }

  /// Whether a person is at a terminal on both ends, so the full-screen list can open.
  var isInteractive: Bool { standardInputIsTerminal && standardOutputIsTerminal }
}

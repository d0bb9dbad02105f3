// What a tool's runner needs to know about the process it runs in, gathered once by `main`.

import Foundation
import TerminalUI

/// The environment, working folder and terminals of one run.
///
/// The executable fills it from the real process with ``ofThisProcess()``; tests build one by
/// hand.
public struct ProcessContext: Sendable {
  /// The environment variables.
  public var environment: [String: String]
  /// The folder a relative `--data-dir` is resolved against.
  public var currentDirectory: URL
  /// Whether standard input is a terminal.
  public var standardInputIsTerminal = false
  /// Whether standard output is a terminal; colour is only ever used when it is.
  public var standardOutputIsTerminal = false
  /// Whether standard error is a terminal; progress bars are only ever drawn when it is.
  public var standardErrorIsTerminal = false
  /// The variables whose values are not valid UTF-8, by name, each with its bad bytes
  /// replaced by U+FFFD; ``environment`` holds them replaced too, so a variable named here
  /// is refused wherever it would name a file (``DataFolder/resolve(option:in:)``).
  public var invalidlyEncodedVariables: [String: String] = [:]

  /// Describes a process; the streams not named are not terminals.
  public init(
    environment: [String: String], currentDirectory: URL, standardInputIsTerminal: Bool = false,
    standardOutputIsTerminal: Bool = false, standardErrorIsTerminal: Bool = false
  ) {
    self.environment = environment
    self.currentDirectory = currentDirectory
    self.standardInputIsTerminal = standardInputIsTerminal
    self.standardOutputIsTerminal = standardOutputIsTerminal
    self.standardErrorIsTerminal = standardErrorIsTerminal
  }

  /// This process: its environment read strictly (``ProcessEnvironment``), its current
  /// folder, and which of its standard streams are terminals.
  ///
  /// Call ``StandardStreams/openClosedOnes()`` first, before anything opens a file.
  public static func ofThisProcess() -> ProcessContext {
    let (environment, invalid) = ProcessEnvironment.ofThisProcess()
    var context = ProcessContext(
      environment: environment,
      currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
      standardInputIsTerminal: Terminal.isTerminal(.standardInput),
      standardOutputIsTerminal: Terminal.isTerminal(.standardOutput),
      standardErrorIsTerminal: Terminal.isTerminal(.standardError))
    context.invalidlyEncodedVariables = invalid
    return context
  }

  /// Whether a person is at a terminal on both ends, so a full-screen mode could be offered.
  public var isInteractive: Bool { standardInputIsTerminal && standardOutputIsTerminal }

  /// Whether output may be coloured: only on a terminal, and never with `--no-color`
  /// (`noColorOption`), a non-empty `NO_COLOR` or `TERM=dumb`.
  public func allowsColor(noColorOption: Bool) -> Bool {
    !noColorOption && standardOutputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
      && environment["TERM"] != "dumb"
  }

  /// The console every command of the run writes through: this process's standard streams
  /// behind a ``SafeConsole`` that knows which of them are terminals.
  public func console(over base: any Console = StandardConsole()) -> SafeConsole {
    SafeConsole(
      base, outputIsTerminal: standardOutputIsTerminal, errorIsTerminal: standardErrorIsTerminal)
  }
}

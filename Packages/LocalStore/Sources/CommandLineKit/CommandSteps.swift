// What one tool does at each step of a run: read the line, perform it, close, report a failure.

/// The steps of a tool's run, for ``CommandRunning/run(_:)`` to put in order: the tool's own
/// types (its parsed line, its error) stay inside the closures, so they need not be public.
@MainActor
public struct CommandSteps {
  /// Parses, performs and closes one command line on a safe console; returns the status.
  let perform: (CommandLineTool, [String], SafeConsole) async -> Int32
  /// Reports an argument that is not valid UTF-8; returns the status.
  let refuse: (CommandLineArguments.InvalidEncoding) -> Int32

  /// The steps of a tool whose command lines read as `ParsedLine` and whose steps throw
  /// `Failure`.
  ///
  /// - Parameters:
  ///   - parse: Reads the arguments (without the program's name).
  ///   - asksForJSON: Whether a parsed line asks for JSON, so that messages are JSON too.
  ///   - perform: Runs the command a parsed line names; returns the exit status.
  ///   - closing: Runs however the command ended, such as synchronizing the stores it
  ///     opened, so that what it saved is durable before the process ends.
  ///   - report: Writes a failure to standard error.
  ///   - exitCode: The status a failure ends the run with.
  ///   - invalidEncoding: The failure an argument that is not valid UTF-8 is.
  public init<ParsedLine, Failure: Error>(
    parse: @escaping @MainActor ([String]) throws(Failure) -> ParsedLine,
    asksForJSON: @escaping @MainActor (ParsedLine) -> Bool,
    perform: @escaping @MainActor (ParsedLine) async throws(Failure) -> Int32,
    closing: @escaping @MainActor () async throws(Failure) -> Void,
    report: @escaping @MainActor (Failure) -> Void,
    exitCode: @escaping @MainActor (Failure) -> Int32,
    invalidEncoding: @escaping @MainActor (CommandLineArguments.InvalidEncoding) -> Failure
  ) {
    self.perform = { tool, arguments, console in
      await tool.run(
        arguments, console: console,
        command: { arguments throws(Failure) in
          let parsed = try parse(arguments)
          console.json = asksForJSON(parsed)
          return try await perform(parsed)
        },
        closing: closing, report: report, exitCode: exitCode)
    }
    refuse = { invalid in
      let error = invalidEncoding(invalid)
      report(error)
      return exitCode(error)
    }
  }
}

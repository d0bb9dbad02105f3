// Runs one command line from start to finish and turns any failure into a message and a status.

import Foundation
import Models
import Persistence
import ViewModels

/// Parses a command line, runs its command against the stores, and reports the outcome.
///
/// Everything the process depends on comes in through ``context`` and ``console``, so tests
/// run it on a temporary folder with captured output.
public struct CommandRunner {
  /// The environment, working folder and terminals of the process.
  var context: ProcessContext
  /// Where output and error messages go.
  var console: any Console

  /// A runner for the process described by `context`, writing to `console`, on the stores in
  /// the data folder the command line, the environment or the platform names.
  public init(context: ProcessContext, console: any Console) {
    self.context = context
    self.console = console
  }

  /// Runs `arguments` (without the program's name) and returns the exit status.
  ///
  /// A write to standard output or standard error that failed makes the status 1 whatever
  /// the command did: output that did not arrive is not a success.
  public func run(_ arguments: [String]) async -> Int32 {
    let status: Int32
    do throws(AppError) {
      status = try await perform(InvocationParser.parse(arguments))
    } catch {
      report(error)
      status = error.exitCode
    }
    guard let failure = console.writeFailure else { return status }
    if failure.stream == .output && !failure.isClosedPipe {
      console.writeError(
        "__EXECUTABLE__: error: Cannot write to standard output: \(failure.reason).\n")
    }
    return status == ExitCode.success ? ExitCode.failure : status
  }

  /// Runs the raw bytes of the process's arguments (without the program's name), as
  /// `main` reads them: an argument that is not valid UTF-8 is a usage error rather than
  /// text with U+FFFD in it, which could name another folder than the one meant.
  public func run(rawArguments: [[UInt8]]) async -> Int32 {
    switch CommandLineArguments.decoded(rawArguments) {
    case .success(let arguments):
      return await run(arguments)
    case .failure(let invalid):
      let error = AppError.invalidArgumentEncoding(
        position: invalid.position, shown: invalid.shown)
      report(error)
      return error.exitCode
    }
  }

  /// Runs a parsed invocation and returns the exit status.
  func perform(_ invocation: Invocation) async throws(AppError) -> Int32 {
    if invocation.help || invocation.words.first == "help" {
      console.writeOutput(HelpText.page)
      return ExitCode.success
    }
    if invocation.version {
      console.writeOutput("__EXECUTABLE__ \(HelpText.version)\n")
      return ExitCode.success
    }
    let directory = DataDirectoryResolver.resolve(
      option: invocation.dataDirectory, environment: context.environment,
      currentDirectory: context.currentDirectory)
    guard invocation.words.isEmpty else {
      return try await execute(invocation.words, invocation, in: directory)
    }
    if let option = invocation.options.first {
      throw .unknownOption(
        option.name,
        suggestion: Suggestion.nearest(to: option.name, among: InvocationParser.sharedOptions))
    }
    if context.isInteractive && !invocation.json {
      return try await FullScreenMode(model: Self.openModel(in: directory, console: console)).run()
    }
    return try await execute(["list"], invocation, in: directory)
  }

  /// Finds the model and command `words` name and runs it.
  private func execute(
    _ words: [String], _ invocation: Invocation, in directory: URL
  ) async throws(AppError) -> Int32 {
    let commands: any CommandSet.Type
    var name = words[0]
    var arguments = Array(words.dropFirst())
    if let grouped = CommandGroups.all.first(where: { $0.group != nil && $0.group == words[0] }) {
      guard let command = arguments.first else { throw .missingCommand(group: words[0]) }
      guard grouped.commands.contains(command) else {
        throw .unknownCommand(
          command, suggestion: Suggestion.nearest(to: command, among: grouped.commands))
      }
      commands = grouped
      name = words[0] + " " + command
      arguments.removeFirst()
    } else if let first = CommandGroups.commands(for: nil), first.commands.contains(name) {
      commands = first
    } else {
      throw .unknownCommand(
        name, suggestion: Suggestion.nearest(to: name, among: CommandGroups.firstWords))
    }
    try await commands.run(
      CommandInput(name: name, arguments: arguments, options: invocation.options),
      in: directory, json: invocation.json, console: console)
    return ExitCode.success
  }

  /// Opens every store in `directory` and the app's model over them, for the full-screen app;
  /// the stores' warnings go to `console` before the screen is taken over, which shows them
  /// again once the full-screen app ends.
  static func openModel(in directory: URL, console: any Console) throws(AppError) -> __NAME__Model {
    do {
      return __NAME__Model(
        __models__: __MODEL__PageModel(
          list: __MODEL__ListViewModel(
            repository: try __MODEL__Commands.openStore(in: directory, console: console))),
        // add-model: pages
      )
    } catch {
      throw .store(String(describing: error))
    }
  }

  /// Writes `error` to standard error as `__EXECUTABLE__: error: <sentence>`, with a pointer to
  /// the help after a usage error.
  private func report(_ error: AppError) {
    var text =
      "__EXECUTABLE__: error: " + (error.errorDescription ?? String(describing: error)) + "\n"
    if error.isUsageError { text += "Run `__EXECUTABLE__ help` for usage.\n" }
    console.writeError(text)
  }
}

// Runs one command line from start to finish and turns any failure into a message and a status.

import Foundation
import Models
import Persistence
import ViewModels

/// Parses a command line, runs its command against the store, and reports the outcome.
///
/// Everything the process depends on comes in through ``context``, ``console`` and
/// ``openRepository``, so tests run it with an in-memory store and captured output.
struct CommandRunner {
  /// Opens the store in a folder.
  typealias RepositoryOpener = @MainActor (URL) throws -> any Repository<Question>

  /// The environment, working folder and terminals of the process.
  var context: ProcessContext
  /// Where output and error messages go.
  var console: any Console
  /// Opens the store; by default the `questions.json` file of a ``LocalRepository``.
  var openRepository: RepositoryOpener = CommandRunner.openLocalStore

  /// Runs `arguments` (without the program's name) and returns the exit status.
  func run(_ arguments: [String]) async -> Int32 {
    do throws(AppError) {
      try await perform(InvocationParser.parse(arguments))
      return ExitCode.success
    } catch {
      report(error)
      return error.exitCode
    }
  }

  /// Runs a parsed invocation.
  func perform(_ invocation: Invocation) async throws(AppError) {
    let command = invocation.command ?? commandWhenNoneGiven()
    if case .help(let subcommand) = command {
      console.writeOutput(subcommand.map(HelpText.page(for:)) ?? HelpText.general)
      return
    }
    let directory = DataDirectoryResolver.resolve(
      option: invocation.options.dataDirectory, environment: context.environment,
      currentDirectory: context.currentDirectory)
    if command == .repair {
      // Runs on the file itself: the point is a store that does not open.
      try repairStore(in: directory, json: invocation.options.json)
      return
    }
    let repository: any Repository<Question>
    do {
      repository = try openRepository(directory)
    } catch {
      throw .store(error)
    }
    let style = TextStyle.forOutput(
      options: invocation.options, standardOutputIsTerminal: context.standardOutputIsTerminal,
      environment: context.environment)
    let printer = ResultPrinter(
      console: console, json: invocation.options.json, text: TextFormatter(style: style))
    let viewModel = QuestionListViewModel(repository: repository)
    switch command {
    case .export, .import:
      // These also need the store's folder, to keep an export from overwriting the store.
      try await transfer(command, on: viewModel, printer: printer, storeDirectory: directory)
    default:
      try await execute(command, on: viewModel, printer: printer)
    }
  }

  /// The command run when the command line names none.
  ///
  /// This is the seam for a full-screen mode: a later version returns that mode here when
  /// ``ProcessContext/isInteractive`` is true. Until then it is always `list`.
  func commandWhenNoneGiven() -> Command {
    .list(tag: nil)
  }

  /// The real store: `questions.json` in `directory`.
  nonisolated static func openLocalStore(in directory: URL) throws -> any Repository<Question> {
    try LocalRepository<Question>(
      directory: directory, filename: DataDirectoryResolver.storeFilename)
  }

  /// Writes `error` to standard error as `questions: error: <sentence>`, followed for a usage
  /// error by the usage line and where to find help, as command-line tools usually do.
  private func report(_ error: AppError) {
    var lines = ["questions: error: " + (error.errorDescription ?? String(describing: error))]
    if error.isUsageError {
      lines.append(HelpText.usageLine(for: error.subcommand))
      lines.append(HelpText.moreHelpLine(for: error.subcommand))
    }
    console.writeError(lines.map { $0 + "\n" }.joined())
  }
}

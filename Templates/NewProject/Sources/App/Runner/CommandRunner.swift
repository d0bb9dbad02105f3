// Runs one command line from start to finish and turns any failure into a message and a status.

import Foundation
import Models
import Persistence
import ViewModels

/// Parses a command line, runs its command against the store, and reports the outcome.
///
/// Everything the process depends on comes in through ``context``, ``console`` and
/// ``openRepository``, so tests run it with an in-memory store and captured output.
public struct CommandRunner {
  /// Opens the store in a folder.
  typealias RepositoryOpener = @MainActor (URL) throws -> any Repository<__MODEL__>

  /// The environment, working folder and terminals of the process.
  var context: ProcessContext
  /// Where output and error messages go.
  var console: any Console
  /// Opens the store; by default the `__EXECUTABLE__.json` file of a ``LocalRepository``.
  var openRepository: RepositoryOpener = CommandRunner.openLocalStore

  /// A runner for the process described by `context`, writing to `console`, on the store in
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
    let command =
      invocation.command
      ?? (context.isInteractive && !invocation.json ? .fullScreen : .list(tag: nil))
    if command == .help {
      console.writeOutput(HelpText.page)
      return ExitCode.success
    }
    let directory = DataDirectoryResolver.resolve(
      option: invocation.dataDirectory, environment: context.environment,
      currentDirectory: context.currentDirectory)
    let repository: any Repository<__MODEL__>
    do {
      repository = try openRepository(directory)
    } catch {
      throw .store(String(describing: error))
    }
    let list = __MODEL__ListViewModel(repository: repository)
    await list.load()
    if command == .fullScreen {
      return try await FullScreenMode(model: __NAME__Model(list: list)).run()
    }
    try await execute(command, on: list, output: OutputFormatter(json: invocation.json))
    return ExitCode.success
  }

  /// Runs a command other than `help` and the full-screen list, and prints its result.
  private func execute(
    _ command: Command, on list: __MODEL__ListViewModel, output: OutputFormatter
  ) async throws(AppError) {
    switch command {
    case .add(let title, let notes, let tags):
      let item: __MODEL__
      do {
        item = try __MODEL__.validated(title: title, notes: notes, tags: tags)
      } catch {
        throw .invalidContent(error)
      }
      guard await list.add(item) else { throw .failed(list.errorMessage) }
      console.writeOutput(try output.added(item))
    case .list(let tag):
      list.tag = tag
      console.writeOutput(try output.list(list.items, totalCount: list.totalCount, tag: tag))
    case .show(let text):
      console.writeOutput(try output.detail(__MODEL__Reference(text: text).resolve(in: list.all)))
    case .delete(let text):
      let item = try __MODEL__Reference(text: text).resolve(in: list.all)
      guard await list.remove(item.id) else { throw .failed(list.errorMessage) }
      console.writeOutput(try output.deleted(item))
    case .help, .fullScreen:
      break  // Handled by `perform(_:)`.
    }
  }

  /// The real store: `__EXECUTABLE__.json` in `directory`.
  nonisolated static func openLocalStore(in directory: URL) throws -> any Repository<__MODEL__> {
    try LocalRepository<__MODEL__>(
      directory: directory, filename: DataDirectoryResolver.storeFilename)
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

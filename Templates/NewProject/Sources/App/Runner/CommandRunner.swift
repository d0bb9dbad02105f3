// Runs one command line from start to finish and turns any failure into a message and a status.

import CommandLineKit
import FlowKit
import Foundation
import LocalStore
import Models
import ViewModels

/// Parses a command line, runs its command against the stores, and reports the outcome.
///
/// Everything the process depends on comes in through ``context`` and ``console``, so tests
/// run it on a temporary folder with captured output. What every tool made from the template
/// shares (the console that neutralises what it prints, the argument scanner and its
/// wording, the data folder and its refusals, the exit statuses) comes from `CommandLineKit`,
/// copied unchanged from the template, and so does the order of a run (``/CommandLineKit/CommandRunning``):
/// this file only wires the app's own commands in.
public struct CommandRunner: CommandRunning {
  /// The name and version `__EXECUTABLE__ --version` prints, and the prefix of its messages.
  public nonisolated static let tool = CommandLineTool(name: "__EXECUTABLE__", version: "0.1.0")
  /// The data folder: `--data-dir`, then `__ENV_PREFIX___DATA_DIR`, then the platform's.
  nonisolated static let dataFolder = DataFolder(
    appName: "__EXECUTABLE__", environmentVariable: "__ENV_PREFIX___DATA_DIR",
    defaultFolder: DataDirectory.url)

  /// The environment, working folder and terminals of the process.
  public var context: ProcessContext
  /// Where output and error messages go.
  public var console: any Console
  /// Every store this run opened, synchronized before the run ends.
  let openedStores = OpenedStores()

  /// A runner for the process described by `context`, writing to `console`, on the stores in
  /// the data folder the command line, the environment or the platform names.
  public init(context: ProcessContext, console: any Console) {
    self.context = context
    self.console = console
  }

  /// This tool's steps for ``/CommandLineKit/CommandRunning/run(_:)``: the kit's parser over
  /// the command groups, the commands, every store it opened synchronized however the
  /// command ended, its errors.
  public func steps() -> CommandSteps {
    CommandSteps(
      parse: { arguments throws(AppError) in
        do throws(CommandLineError) {
          return try CommandGroups.parser.parse(arguments)
        } catch {
          throw .usage(error.usage, command: error.command?.joined(separator: " "))
        }
      },
      asksForJSON: \.json, perform: perform,
      closing: { () throws(AppError) in
        do { try await openedStores.synchronize() } catch { throw .store(error) }
      },
      report: report, exitCode: \.exitCode,
      invalidEncoding: { .usage($0.usageError, command: nil) })
  }

  /// Runs a parsed command line and returns the exit status.
  func perform(_ parsed: ParsedCommandLine) async throws(AppError) -> Int32 {
    if parsed.asksForHelp {
      console.writeOutput(HelpText.page(for: parsed.command))
      return ExitCode.success
    }
    let directory: URL
    do {
      directory = try Self.dataFolder.resolve(option: parsed.dataDirectory, in: context)
    } catch {
      throw .usage(error, command: nil)
    }
    if let path = parsed.command {
      return try await execute(path, parsed, in: directory)
    }
    if context.isInteractive && !parsed.json {
      return try await runFullScreen(
        in: directory, colors: context.allowsColor(noColorOption: parsed.noColor))
    }
    return try await execute(["list"], parsed, in: directory)
  }

  /// Runs the command `path` names with the model whose commands it is.
  private func execute(
    _ path: [String], _ parsed: ParsedCommandLine, in directory: URL
  ) async throws(AppError) -> Int32 {
    let input = CommandInput(
      name: path.joined(separator: " "), arguments: parsed.positionals, parsed: parsed)
    if path == SyncCommands.spec.path {
      try await SyncCommands.run(
        input, in: directory, json: parsed.json, context: context, console: console,
        stores: openedStores)
      return ExitCode.success
    }
    let group = path.count > 1 ? path[0] : nil
    guard let commands = CommandGroups.commands(for: group) else {
      throw .usage(.unknownSubcommand(path[0], subcommands: []), command: nil)
    }
    try await commands.run(
      input, in: directory, json: parsed.json, console: console, stores: openedStores)
    return ExitCode.success
  }

  /// Opens every store in `directory` off the main actor (``__NAME__Model/open(in:configuration:)``),
  /// runs the full-screen app over them, and synchronizes them however it ends (`q`, a
  /// signal, a terminal error). A store that cannot be opened is reported before the terminal
  /// is taken over; the warnings a store opened past show on its page.
  private func runFullScreen(in directory: URL, colors: Bool) async throws(AppError) -> Int32 {
    let model: __NAME__Model
    do {
      model = try await __NAME__Model.open(in: directory)
    } catch {
      throw .store(error)
    }
    // A folder that synced once syncs in the background while the screen is open.
    let sync = await __NAME__Sync.open(in: directory)
    let ended: Result<Int32, AppError>
    do {
      ended = .success(try await FullScreenMode(model: model, sync: sync, colors: colors).run())
    } catch {
      ended = .failure(error)
    }
    // What the background rounds stored is made durable too; should that fail, the next
    // round sends or pulls it again.
    if let sync { _ = await sync.synchronize() }
    guard await model.synchronize() else {
      throw .storeFailed(
        model.__models__.list.errorMessage ?? "A store could not make its changes durable.")
    }
    return try ended.get()
  }

  /// Writes `error` to standard error as `__EXECUTABLE__: error: <sentence>`, with the usage
  /// line and a pointer to the help after a usage error.
  private func report(_ error: AppError) {
    guard let command = error.usageCommand else {
      return console.writeError(Self.tool.errorReport(error.sentence))
    }
    console.writeError(
      Self.tool.errorReport(error.sentence, usage: HelpText.usage(of: command), helpTopic: command))
  }
}

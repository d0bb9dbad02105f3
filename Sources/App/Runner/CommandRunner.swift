// Runs one command line from start to finish and turns any failure into a message and a status.

import CommandLineKit
import Foundation
import LocalStore
import Models
import Persistence
import ViewModels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parses a command line, runs its command against the store, and reports the outcome.
///
/// The order of a run (`--version`, the parse, the command, the closing sync of every store
/// it opened, the status) is `CommandLineKit`'s ``/CommandLineKit/CommandRunning/run(_:)``,
/// shared with every generated app; ``steps()`` gives it this tool's own steps.
///
/// Everything the process depends on comes in through ``context``, ``console`` and
/// ``openRepository``, so tests run it with an in-memory store and captured output. What
/// every tool says the same way (the console, the wording of usage errors, the data folder,
/// the exit statuses) comes from `CommandLineKit`, which a generated project shares.
public struct CommandRunner: CommandRunning {
  /// Opens the store in a folder.
  typealias RepositoryOpener = @MainActor (URL) async throws -> OpenedStore<Question>
  /// Opens the study history in a folder.
  typealias SessionsOpener = @MainActor (URL) async throws -> OpenedStore<StudySession>
  /// Shows the full-screen mode over a state until it ends, with colours or not, and returns
  /// its exit status.
  typealias ScreenPresenter = @MainActor (FullScreenState, Bool) async throws(AppError) -> Int32

  /// The name and version `questions --version` prints, and the prefix of its messages.
  public nonisolated static let tool = CommandLineTool(name: "questions", version: "0.9.0")
  /// The version `questions --version` prints.
  public nonisolated static var version: String { tool.version }

  /// The environment, working folder and terminals of the process.
  public var context: ProcessContext
  /// Where output and error messages go.
  public var console: any Console
  /// Opens the store; by default the `questions.json` file of a ``/LocalStore/LocalRepository``.
  var openRepository: RepositoryOpener = CommandRunner.openLocalStore
  /// Opens the study history; by default the `sessions.json` file of a ``/LocalStore/LocalRepository``.
  var openSessions: SessionsOpener = CommandRunner.openLocalSessions
  /// Opens the study history to read it only: by default an empty history when there is no
  /// `sessions.json` yet, so that reading creates no file (not even its lock).
  var openSessionsForReading: SessionsOpener = CommandRunner.openExistingLocalSessions
  /// Runs the full-screen mode; by default ``FullScreenMode`` on the process's terminal.
  var presentFullScreen: ScreenPresenter = { state, colors throws(AppError) in
    try await FullScreenMode(state: state, colors: colors).run()
  }
  /// Every store this run opened, synchronized before the run ends.
  let openedStores = OpenedStores()

  /// A runner for the process described by `context`, writing to `console`, on the stores
  /// in the data folder the command line, the environment or the platform names.
  public init(context: ProcessContext, console: any Console) {
    self.context = context
    self.console = console
  }

  /// A runner whose stores come from `openRepository` and `openSessions`; tests pass
  /// in-memory ones.
  init(
    context: ProcessContext, console: any Console,
    openRepository: @escaping RepositoryOpener, openSessions: @escaping SessionsOpener
  ) {
    self.context = context
    self.console = console
    self.openRepository = openRepository
    self.openSessions = openSessions
    openSessionsForReading = openSessions
  }

  /// This tool's steps for ``/CommandLineKit/CommandRunning/run(_:)``: its parser, its
  /// commands, every store it opened synchronized however the command ended, its errors.
  public func steps() -> CommandSteps {
    CommandSteps(
      parse: InvocationParser.parse, asksForJSON: \.options.json, perform: perform,
      closing: { () throws(AppError) in
        do { try await openedStores.synchronize() } catch { throw .store(error) }
      },
      report: report, exitCode: \.exitCode,
      invalidEncoding: { .invalidArgumentEncoding(position: $0.position, shown: $0.shown) })
  }

  /// Runs a parsed invocation and returns the exit status.
  @discardableResult
  func perform(_ invocation: Invocation) async throws(AppError) -> Int32 {
    let command = invocation.command ?? commandWhenNoneGiven(options: invocation.options)
    if case .help(let subcommand) = command {
      console.writeOutput(subcommand.map(HelpText.page(for:)) ?? HelpText.general)
      return ExitCode.success
    }
    let directory: URL
    do {
      directory = try DataDirectoryResolver.folder.resolve(
        option: invocation.options.dataDirectory, in: context)
    } catch {
      guard case .invalidEnvironmentEncoding(let name, let shown) = error else {
        throw .storeFailed(error.sentence)
      }
      throw .invalidEnvironmentEncoding(name: name, shown: shown)
    }
    if case .repair(let file) = command {
      if let file {
        try await applySetAside(file, in: directory, json: invocation.options.json)
        return ExitCode.success
      }
      // Runs on the file itself: the point is a store that does not open.
      try await repairStore(in: directory, json: invocation.options.json)
      return ExitCode.success
    }
    if case .migrate(let target) = command {
      // Opens both stores itself: the one in use, and the new one it fills.
      try await migrateStore(to: target, in: directory, json: invocation.options.json)
      return ExitCode.success
    }
    if case .sync(let server, let user, let status) = command {
      // Opens the synced store itself, moving the questions into it the first time.
      if status {
        try await showSyncStatus(in: directory, json: invocation.options.json)
      } else {
        try await synchronize(
          server: server, user: user, in: directory, json: invocation.options.json)
      }
      return ExitCode.success
    }
    if case .resolveSyncConflict(let reference, let keepMine) = command {
      try await resolveSyncConflict(
        reference, keepMine: keepMine, in: directory, json: invocation.options.json)
      return ExitCode.success
    }
    if command == .stats {
      // Needs only the study history, so it works even when questions.json does not open.
      try await showStatistics(in: directory, json: invocation.options.json)
      return ExitCode.success
    }
    if command == .fullScreen {
      return try await runFullScreen(in: directory, options: invocation.options)
    }
    let repository = try await openQuestions(in: directory)
    let style = TextStyle.forOutput(
      options: invocation.options, standardOutputIsTerminal: context.standardOutputIsTerminal,
      environment: context.environment)
    let printer = ResultPrinter(
      console: console, json: invocation.options.json,
      text: TextFormatter(style: style, neutralizesControls: true))
    if case .quiz(let tag, let count) = command {
      try await runQuiz(tag: tag, count: count, over: repository, in: directory, printer: printer)
      return ExitCode.success
    }
    // `export` and `import` read every question at once; every other command reads the
    // store a page at a time or by key (`printEveryMatch`, `resolve`), so that a store
    // larger than memory never is in memory.
    let readsWholeStore: Bool
    switch command {
    case .export, .import: readsWholeStore = true
    default: readsWholeStore = false
    }
    let viewModel = QuestionListViewModel(
      repository: repository, pagingThreshold: readsWholeStore ? .max : 10_000)
    switch command {
    case .export(let format, let destination):
      // Also needs the store's folder, to keep the export from overwriting the store.
      try await export(
        from: viewModel, format: format, destination: destination, printer: printer,
        storeDirectory: directory)
    case .import(let source, let format, let skipInvalid):
      try await importQuestions(
        into: viewModel, source: source, format: format, skipInvalid: skipInvalid,
        printer: printer)
    default:
      try await execute(command, on: viewModel, printer: printer)
    }
    return ExitCode.success
  }

  /// The command run when the command line names none: the full-screen mode when a person
  /// is at a terminal on both ends (and did not ask for `--json`), otherwise `list`, so
  /// scripts and pipes get plain text.
  func commandWhenNoneGiven(options: GlobalOptions) -> Command {
    context.isInteractive && !options.json ? .fullScreen : .list(tag: nil)
  }

  /// Opens the store in `directory` for this run, shows the warnings it opened past, and
  /// keeps it in ``openedStores`` to be synchronized when the run ends.
  func openQuestions(in directory: URL) async throws(AppError) -> any Repository<Question> {
    do {
      let opened = try await openRepository(directory)
      warn(about: opened.warnings)
      openedStores.keep(opened.repository)
      return opened.repository
    } catch {
      throw .store(error)
    }
  }

  /// The real store in `directory`, read off the main actor: `questions.json`, or
  /// `questions.sqlite` once `questions migrate --to sqlite` chose it (``/Persistence/StoreKind``).
  nonisolated static func openLocalStore(in directory: URL) async throws -> OpenedStore<Question> {
    try await StoreKind.current(in: directory).open(in: directory)
  }

  /// The real study history: `sessions.json` in `directory`, next to `questions.json`, read
  /// as ``openLocalStore(in:)`` reads the store.
  static func openLocalSessions(
    in directory: URL
  ) async throws -> OpenedStore<StudySession> {
    let repository = try await LocalRepository<StudySession>.open(
      directory: directory, filename: DataDirectoryResolver.sessionsFilename)
    return OpenedStore(repository, warnings: repository.warnings)
  }

  /// The study history in `directory` if it has one, else an empty one that writes nothing.
  static func openExistingLocalSessions(
    in directory: URL
  ) async throws -> OpenedStore<StudySession> {
    let filename = DataDirectoryResolver.sessionsFilename
    guard storeExists(filename, in: directory) else {
      return OpenedStore(InMemoryRepository<StudySession>())
    }
    return try await openLocalSessions(in: directory)
  }

  /// Whether any file of the store `filename` in `directory` is there: its snapshot, journal
  /// or lock, of whatever kind (a dangling link or a FIFO counts, so that opening the store
  /// reports it).
  nonisolated static func storeExists(_ filename: String, in directory: URL) -> Bool {
    [filename, filename + ".journal", filename + ".lock"].contains {
      var status = stat()
      return lstat(directory.appendingPathComponent($0).path, &status) == 0
    }
  }

  /// Writes each warning a store opened past to standard error, as
  /// `questions: warning: …`: the bytes it set aside and where their copy is.
  func warn(about warnings: [StoreWarning]) {
    for warning in warnings {
      console.writeError(Self.tool.warning(warning.message))
    }
  }

  /// Writes `error` to standard error as `questions: error: <sentence>`, followed for a usage
  /// error by the usage line and where to find help, as command-line tools usually do.
  func report(_ error: AppError) {
    let sentence = error.errorDescription ?? String(describing: error)
    console.writeError(
      error.isUsageError
        ? Self.tool.errorReport(
          sentence, usage: error.subcommand?.usage ?? HelpText.generalUsage,
          helpTopic: error.subcommand?.rawValue)
        : Self.tool.errorReport(sentence))
  }
}

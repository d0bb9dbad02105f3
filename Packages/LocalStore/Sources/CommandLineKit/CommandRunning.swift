// The run of one command line that every tool's runner shares: the safe console, the parse, the command, the closing sync.

/// A tool's runner: what it parses and performs is its own (``steps()``); the order of a run
/// is this protocol's ``run(_:)``, the same in every tool built on the kit.
@MainActor
public protocol CommandRunning {
  /// The tool's name and version, and the prefix of its messages.
  static var tool: CommandLineTool { get }
  /// The environment, working folder and terminals of the process.
  var context: ProcessContext { get }
  /// Where output and error messages go; a ``SafeConsole`` while a run is under way.
  var console: any Console { get set }
  /// What this runner does at each step of a run, writing to ``console``.
  func steps() -> CommandSteps
  /// A runner for the process `context` describes, writing to `console`.
  init(context: ProcessContext, console: any Console)
}

extension CommandRunning {
  /// Runs this process's command line and returns its exit status: what a tool's `main`
  /// does, and all it does.
  ///
  /// Closed standard streams are opened on `/dev/null` first, before anything opens a file
  /// (a closed 0, 1 or 2 would otherwise become a store's); then the runner reads the
  /// process's environment and the raw bytes of its arguments (``run(rawArguments:)``).
  public static func runThisProcess() async -> Int32 {
    StandardStreams.openClosedOnes()
    let context = ProcessContext.ofThisProcess()
    let runner = Self(context: context, console: context.console())
    return await runner.run(rawArguments: CommandLineArguments.ofThisProcess())
  }

  /// Runs `arguments` (without the program's name) and returns the exit status.
  ///
  /// Everything the run writes goes through one ``SafeConsole``, which neutralises every
  /// message and text result, whatever built the string and wherever it goes. `--version` is
  /// answered first; then the line is parsed and performed; the closing step runs however
  /// the command ended (a tool synchronizes the stores it opened there, so what it saved is
  /// durable even under a store configured to sync later); a write to standard output or
  /// standard error that failed makes the status 1
  /// (``CommandLineTool/run(_:console:command:closing:report:exitCode:)``).
  public func run(_ arguments: [String]) async -> Int32 {
    guard let safe = console as? SafeConsole else {
      var runner = self
      runner.console = context.console(over: console)
      return await runner.run(arguments)
    }
    return await steps().perform(Self.tool, arguments, safe)
  }

  /// Runs the raw bytes of the process's arguments (without the program's name), as
  /// ``CommandLineArguments/ofThisProcess()`` reads them, and returns the exit status.
  ///
  /// `CommandLine.arguments` replaces bytes that are not UTF-8 with U+FFFD, so a folder
  /// given with such a byte would name another folder. Here such an argument is a usage
  /// error that names it, and nothing runs.
  public func run(rawArguments: [[UInt8]]) async -> Int32 {
    switch CommandLineArguments.decoded(rawArguments) {
    case .success(let arguments):
      return await run(arguments)
    case .failure(let invalid):
      return steps().refuse(invalid)
    }
  }
}

// One run of a tool, the same in every tool built on the kit: the version, the command, the closing step, the status.

extension CommandLineTool {
  /// Runs one command line as every tool built on the kit does, and returns its exit status.
  ///
  /// `--version` is answered before anything else is read. Otherwise `command` runs; a
  /// failure it throws is reported and gives the status. Then `closing` runs whichever way
  /// the command ended (a tool synchronizes the stores it opened there, so that what it
  /// saved is durable before the process ends); its failure is reported too, and turns a
  /// success into a failure. Last, a write to the console that failed makes the status 1
  /// (``finish(_:console:)``).
  ///
  /// ```swift
  /// return await Self.tool.run(
  ///   arguments, console: console,
  ///   command: { arguments throws(AppError) in try await perform(parse(arguments)) },
  ///   closing: { () throws(AppError) in try await synchronizeStores() },
  ///   report: report, exitCode: { $0.exitCode })
  /// ```
  public func run<Failure: Error>(
    _ arguments: [String], console: any Console,
    command: ([String]) async throws(Failure) -> Int32,
    closing: () async throws(Failure) -> Void,
    report: (Failure) -> Void,
    exitCode: (Failure) -> Int32
  ) async -> Int32 {
    if Self.asksForVersion(arguments) {
      console.writeOutput(versionLine)
      return finish(ExitCode.success, console: console)
    }
    var status: Int32
    do throws(Failure) {
      status = try await command(arguments)
    } catch {
      report(error)
      status = exitCode(error)
    }
    do throws(Failure) {
      try await closing()
    } catch {
      report(error)
      if status == ExitCode.success { status = exitCode(error) }
    }
    return finish(status, console: console)
  }
}

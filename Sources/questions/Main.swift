// The entry point of `questions`: gathers the process's inputs and hands them to the app.

import App
import Foundation
import TerminalUI

@main
enum Main {
  static func main() async {
    // Before anything opens a file: a closed 0, 1 or 2 would otherwise become a store's.
    StandardStreams.openClosedOnes()
    let (environment, invalid) = ProcessEnvironment.ofThisProcess()
    var context = ProcessContext(
      environment: environment,
      currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
      standardInputIsTerminal: Terminal.isTerminal(.standardInput),
      standardOutputIsTerminal: Terminal.isTerminal(.standardOutput),
      standardErrorIsTerminal: Terminal.isTerminal(.standardError))
    context.invalidlyEncodedVariables = invalid
    let runner = CommandRunner(context: context, console: StandardConsole())
    exit(await runner.run(rawArguments: CommandLineArguments.ofThisProcess()))
  }
}

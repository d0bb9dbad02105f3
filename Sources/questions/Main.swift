// The entry point of `questions`: gathers the process's inputs and hands them to the app.

import App
import Foundation
import TerminalUI

@main
enum Main {
  static func main() async {
    let context = ProcessContext(
      environment: ProcessInfo.processInfo.environment,
      currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
      standardInputIsTerminal: Terminal.isTerminal(.standardInput),
      standardOutputIsTerminal: Terminal.isTerminal(.standardOutput),
      standardErrorIsTerminal: Terminal.isTerminal(.standardError))
    let runner = CommandRunner(context: context, console: StandardConsole())
    exit(await runner.run(rawArguments: CommandLineArguments.ofThisProcess()))
  }
}

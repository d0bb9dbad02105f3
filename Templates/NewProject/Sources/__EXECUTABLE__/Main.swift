// The entry point of `__EXECUTABLE__`: gathers the process's inputs and hands them to the app.

import App
import CommandLineKit
import Foundation

@main
enum Main {
  static func main() async {
    // Before anything opens a file: a closed 0, 1 or 2 would otherwise become a store's.
    StandardStreams.openClosedOnes()
    let context = ProcessContext.ofThisProcess()
    let runner = CommandRunner(context: context, console: context.console())
    exit(await runner.run(rawArguments: CommandLineArguments.ofThisProcess()))
  }
}

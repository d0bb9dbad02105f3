// The entry point of `__EXECUTABLE__`: gathers the process's inputs and hands them to the app.

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
      standardOutputIsTerminal: Terminal.isTerminal(.standardOutput))
    let runner = CommandRunner(context: context, console: StandardConsole())
    // The raw bytes: `CommandLine.arguments` has already replaced invalid UTF-8 with U+FFFD.
    let arguments = (1..<Int(CommandLine.argc)).map { index in
      CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))) }
        .map { $0.map(UInt8.init(bitPattern:)) } ?? []
    }
    exit(await runner.run(rawArguments: arguments))
  }
}

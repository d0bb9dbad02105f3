// The entry point of `__EXECUTABLE__`: hands the process to the app's runner, which gathers its inputs.

import App
import CommandLineKit
import Foundation

@main
enum Main {
  static func main() async {
    exit(await CommandRunner.runThisProcess())
  }
}

// The practice tool's entry point: hands the arguments to PracticeKit and exits with its status.

import Foundation
import PracticeKit

let status = await PracticeTool.fromEnvironment().main(Array(CommandLine.arguments.dropFirst()))
exit(status)

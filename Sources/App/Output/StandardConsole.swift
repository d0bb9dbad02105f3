// The console of the real process: file descriptors 1 and 2 unbuffered, lines from standard input.

import Foundation

/// Writes straight to the process's standard output and standard error.
///
/// Each write goes to the file descriptor at once, so nothing is lost when `Main` calls
/// `exit`. A failed write (for example a closed pipe) is ignored: there is nowhere to report it.
final class StandardConsole: Console {
  func writeOutput(_ text: String) {
    try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
  }

  func writeError(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }

  func readLine() -> String? {
    Swift.readLine(strippingNewline: true)
  }
}

// The console of the real process: file descriptors 1 and 2 unbuffered, lines from standard input.

import Foundation

/// Writes straight to the process's standard output and standard error.
///
/// Each write goes to the file descriptor at once, so nothing is lost when the process calls
/// `exit`. A failed write (for example a closed pipe) is ignored: there is nowhere to report it.
public final class StandardConsole: Console {
  /// The console of this process.
  public init() {}

  /// Writes `text` to file descriptor 1.
  public func writeOutput(_ text: String) {
    try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
  }

  /// Writes `text` to file descriptor 2.
  public func writeError(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }

  /// The next line of file descriptor 0, without its line break.
  public func readLine() -> String? {
    Swift.readLine(strippingNewline: true)
  }
}

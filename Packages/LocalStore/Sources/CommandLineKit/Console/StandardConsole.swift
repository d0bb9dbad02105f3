// The console of the real process: file descriptors 1 and 2 unbuffered, lines from standard input.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes straight to the process's standard output and standard error.
///
/// Each write goes to the file descriptor at once, so nothing is lost when the process calls
/// `exit`. The first write that fails (a full disk, a closed pipe) is kept in
/// ``writeFailure``, and later writes to that stream are skipped: the tool then ends the run
/// with status 1, never with success.
public final class StandardConsole: Console {
  /// The first write that failed, if any.
  public private(set) var writeFailure: ConsoleWriteFailure?

  /// The console of this process.
  public init() {}

  /// Writes `text` to file descriptor 1.
  public func writeOutput(_ text: String) {
    write(text, to: STDOUT_FILENO, stream: .output)
  }

  /// Writes `text` to file descriptor 2.
  public func writeError(_ text: String) {
    write(text, to: STDERR_FILENO, stream: .error)
  }

  /// The next line of file descriptor 0, without its line break.
  public func readLine() -> String? {
    Swift.readLine(strippingNewline: true)
  }

  /// Writes every byte of `text`, continuing short writes and retrying on `EINTR`; records
  /// the first failure.
  private func write(_ text: String, to descriptor: Int32, stream: ConsoleWriteFailure.Stream) {
    guard writeFailure?.stream != stream else { return }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return systemWrite(descriptor, base + written, buffer.count - written)
      }
      if count > 0 {
        written += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        let code = count < 0 ? errno : EIO
        if writeFailure == nil {
          writeFailure = ConsoleWriteFailure(
            stream: stream, reason: String(cString: strerror(code)), isClosedPipe: code == EPIPE)
        }
        return
      }
    }
  }
}

/// The C function `write`, which the method of the same name shadows.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

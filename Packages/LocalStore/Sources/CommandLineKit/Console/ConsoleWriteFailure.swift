// The first write to standard output or standard error that failed, kept to decide the exit status.

/// A write to one of the standard streams that did not reach its destination.
///
/// ``StandardConsole`` records the first one; the tool then ends the run with exit status 1
/// instead of success (``CommandLineTool/finish(_:console:)``), and says why on standard error
/// unless that is the stream that failed or the reader simply closed the pipe.
public struct ConsoleWriteFailure: Sendable, Equatable {
  /// The stream a write failed on.
  public enum Stream: Sendable, Equatable {
    /// Standard output, file descriptor 1.
    case output
    /// Standard error, file descriptor 2.
    case error
  }

  /// The stream that failed.
  public var stream: Stream
  /// The system's reason, such as "No space left on device".
  public var reason: String
  /// Whether the reader closed the pipe (`EPIPE`), as `head` does once it has enough: the
  /// run then ends quietly, with status 1 but no message.
  public var isClosedPipe: Bool

  /// A failure on `stream` for `reason`.
  public init(stream: Stream, reason: String, isClosedPipe: Bool = false) {
    self.stream = stream
    self.reason = reason
    self.isClosedPipe = isClosedPipe
  }
}

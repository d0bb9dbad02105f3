// A usage error found by CommandLineParser, with the command whose usage line should follow it.

/// A wrong command line: what is wrong (``UsageError``, worded once for every tool) and the
/// command it concerns, so the tool can print that command's usage line and help pointer.
public struct CommandLineError: Error, Equatable, Sendable {
  /// What is wrong.
  public var usage: UsageError
  /// The path of the command it concerns, `nil` for the tool as a whole.
  public var command: [String]?

  /// `usage`, about `command`.
  public init(_ usage: UsageError, command: [String]?) {
    self.usage = usage
    self.command = command
  }
}

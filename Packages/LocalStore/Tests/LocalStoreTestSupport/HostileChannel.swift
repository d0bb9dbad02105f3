// Where a tool's output goes in a hostile-output check: a pipe or a pseudo-terminal.

/// Where a tool's output goes in a check.
public enum HostileChannel: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Standard output and standard error are pipes, as in `2>&1 | cat -v` or a CI log.
  case pipe
  /// All three standard streams are a pseudo-terminal.
  case terminal

  /// The channel's name.
  public var description: String { rawValue }
}

// What one run of `__EXECUTABLE__` was asked to do, once the command line has been parsed.

/// A subcommand with its arguments.
nonisolated enum Command: Equatable, Sendable {
  /// `add <title> [--notes TEXT] [--tag TAG]...`
  case add(title: String, notes: String, tags: [String])
  /// `list [--tag TAG]`
  case list(tag: String?)
  /// `show <id or unique prefix>`
  case show(String)
  /// `delete <id or unique prefix>`
  case delete(String)
  /// `help`, `--help` or `-h`.
  case help
  /// No subcommand at a terminal: the full-screen list.
  case fullScreen
}

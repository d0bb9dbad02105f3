// The text `__EXECUTABLE__ help` prints.

/// The help page of `__EXECUTABLE__`.
nonisolated enum HelpText {
  /// The whole page, ending in a line break.
  static let page = """
    Usage: __EXECUTABLE__ [--data-dir DIR] [--json] <command> [arguments]

    With no command at a terminal, opens the full-screen list.

    Commands:
      add <title> [--notes TEXT] [--tag TAG]...   add a __model__ and print its id
      list [--tag TAG]                            list them, optionally only those tagged TAG
      show <id or unique prefix>                  show one
      delete <id or unique prefix>                delete one
      help                                        show this help

    Options:
      --data-dir DIR   the folder of the store (default: $\(DataDirectoryResolver.environmentVariable),
                       else the platform's data folder)
      --json           print JSON in the on-disk shape instead of text

    Exit codes: 0 success, 1 a runtime error, 64 a usage error.

    """
}

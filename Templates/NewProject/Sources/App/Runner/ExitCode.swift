// The exit statuses of `__EXECUTABLE__`.

/// The status `__EXECUTABLE__` exits with, following the BSD `sysexits.h` convention for usage.
nonisolated enum ExitCode {
  /// The command did what was asked.
  static let success: Int32 = 0
  /// The command was well formed but failed, for example because the store is unreadable.
  static let failure: Int32 = 1
  /// The command line was wrong (`EX_USAGE`).
  static let usage: Int32 = 64
}

// The exit statuses of a command-line tool built on this module.

/// The status a tool exits with, following the BSD `sysexits.h` convention for usage.
public enum ExitCode {
  /// The command did what was asked.
  public static let success: Int32 = 0
  /// The command was well formed but failed, for example because the store is unreadable.
  public static let failure: Int32 = 1
  /// The command line was wrong (`EX_USAGE`).
  public static let usage: Int32 = 64
}

// Why a pseudo-terminal could not be made, or what it showed when a wait ran out.

import Foundation

/// A failure of ``PseudoTerminal`` or ``PseudoTerminalPair``.
///
/// The description of a failed wait includes the screen, so a failing test shows what the
/// program had drawn.
public enum PseudoTerminalError: Error, CustomStringConvertible {
  /// A system call failed with `errno`.
  case systemCall(String, errno: Int32)
  /// The condition was not met in time.
  case timedOut(waitingFor: String, screen: String)
  /// The program ended, and its output with it, before the condition was met.
  case exitedFirst(waitingFor: String, status: Int32, screen: String)

  /// A failed system call, described by the current `errno`.
  static func failed(_ call: String) -> PseudoTerminalError {
    .systemCall(call, errno: errno)
  }

  /// What went wrong, with the screen where there is one.
  public var description: String {
    switch self {
    case .systemCall(let call, let code):
      "\(call) failed: \(String(cString: strerror(code)))"
    case .timedOut(let condition, let screen):
      "Timed out waiting for \(condition). The screen shows:\n\(Self.framed(screen))"
    case .exitedFirst(let condition, let status, let screen):
      "The program exited with status \(status) before \(condition). The screen shows:\n"
        + Self.framed(screen)
    }
  }

  /// The screen between two rules, so blank lines at its ends stay visible.
  private static func framed(_ screen: String) -> String {
    let rule = String(repeating: "-", count: 40)
    return rule + "\n" + screen + "\n" + rule
  }
}

// Waiting for a pseudo-terminal's screen to show something, or for its program to exit.

import Foundation

extension PseudoTerminal {
  /// Waits until the visible screen contains `text` (rows joined by `"\n"`).
  ///
  /// - Throws: ``PseudoTerminalError`` with the screen when time runs out or the program
  ///   exits first.
  public func waitForText(_ text: String, timeout: Duration = .seconds(10)) throws {
    try waitForScreen(timeout: timeout, description: "the text \(text.debugDescription)") {
      $0.text.contains(text)
    }
  }

  /// Waits until `predicate` holds for the screen, and returns that screen.
  ///
  /// `predicate` runs on the calling thread after each change, without any lock held.
  ///
  /// - Throws: ``PseudoTerminalError`` with the screen when time runs out or the program
  ///   exits first.
  @discardableResult
  public func waitForScreen(
    timeout: Duration = .seconds(10), description: String = "the screen to match",
    _ predicate: (ScreenSnapshot) -> Bool
  ) throws -> ScreenSnapshot {
    let deadline = ContinuousClock.now + timeout
    while true {
      let (snapshot, version, exit, ended) = stateForWaiting()
      if predicate(snapshot) { return snapshot }
      if let exit, ended {
        throw PseudoTerminalError.exitedFirst(
          waitingFor: description, status: exit.status, screen: snapshot.text)
      }
      let changed = waitForChange(after: version, until: deadline)
      guard changed else {
        throw PseudoTerminalError.timedOut(waitingFor: description, screen: screenText)
      }
    }
  }

  /// Waits until the program has exited and everything it wrote has been read.
  ///
  /// If a process it started keeps the terminal open, the output may not end; the status is
  /// then returned once `timeout` has passed.
  ///
  /// - Throws: ``PseudoTerminalError/timedOut(waitingFor:screen:)`` with the screen when the
  ///   program is still running after `timeout`.
  @discardableResult
  public func waitForExit(timeout: Duration = .seconds(10)) throws -> ExitStatus {
    let deadline = ContinuousClock.now + timeout
    guard let exit = state.wait(until: deadline, { $0.exit }) else {
      throw PseudoTerminalError.timedOut(waitingFor: "the program to exit", screen: screenText)
    }
    _ = state.wait(until: deadline) { $0.outputEnded ? true : nil }
    return exit
  }
}

// SIGTSTP from outside gives the terminal back; SIGCONT takes it again and redraws.

import CommandLineKit
import Foundation
import LocalStoreTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite(.serialized, .timeLimit(.minutes(1))) struct SuspendEndToEndTests {
  private let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "FullScreenSuspend")
  }

  /// Whether the process `id` is stopped, from the state field of `/proc/<id>/stat`.
  private func isStopped(_ id: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(close, offsetBy: 2)...].prefix(1)
    return state == "T" || state == "t"
  }

  private func waitUntil(_ condition: () -> Bool) throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() {
      try #require(ContinuousClock.now < deadline, "timed out")
      usleep(10_000)
    }
  }

  /// SIGTSTP from outside, as `kill -TSTP` sends it, then SIGCONT, as `fg` sends it. The
  /// program is its own session here, so nothing but it changes the terminal's modes.
  @Test func suspendRestoresTheTerminalAndContinueRedraws() throws {
    #if os(Linux)
      let terminal = try PseudoTerminal(
        executable: BuiltProducts.executable("questions"),
        arguments: ["--data-dir", folder.url.path], columns: 80, rows: 24)
      try terminal.waitForText("Load the sample deck?")
      try terminal.send("n")
      try terminal.waitForText("No questions yet.")
      let raw = try terminal.terminalAttributes()
      #expect(raw.c_lflag & tcflag_t(ICANON) == 0)

      try terminal.signal(SIGTSTP)
      try waitUntil { isStopped(terminal.processID) }
      // The screen emulator reads the output on its own thread: let it catch up.
      try terminal.waitForScreen(description: "the main screen") { !$0.isAlternateScreenActive }
      let stopped = terminal.screen
      #expect(!stopped.isAlternateScreenActive)
      #expect(stopped.isCursorVisible)
      let initial = terminal.initialAttributes
      try waitUntil {
        let now = try? terminal.terminalAttributes()
        return now?.c_lflag == initial.c_lflag && now?.c_iflag == initial.c_iflag
      }
      #expect(isStopped(terminal.processID))

      try terminal.signal(SIGCONT)
      try terminal.waitForScreen(description: "the list, redrawn") {
        $0.isAlternateScreenActive && $0.text.contains("No questions yet.")
      }
      try waitUntil { (try? terminal.terminalAttributes().c_lflag & tcflag_t(ICANON)) == 0 }
      try terminal.send("q")
      #expect(try terminal.waitForExit().status == 0)
    #endif
  }

  /// Ctrl-Z, which raw mode delivers as a key, suspends as it does in a cooked terminal.
  @Test func controlZSuspendsLikeSIGTSTP() throws {
    #if os(Linux)
      let terminal = try PseudoTerminal(
        executable: BuiltProducts.executable("questions"),
        arguments: ["--data-dir", folder.url.path], columns: 80, rows: 24)
      try terminal.waitForText("Load the sample deck?")
      try terminal.send("n")
      try terminal.waitForText("No questions yet.")
      try terminal.send(bytes: [0x1A])
      try waitUntil { isStopped(terminal.processID) }
      try terminal.waitForScreen(description: "the main screen") { !$0.isAlternateScreenActive }
      try terminal.signal(SIGCONT)
      try terminal.waitForScreen(description: "the list, redrawn") {
        $0.isAlternateScreenActive && $0.text.contains("No questions yet.")
      }
      try terminal.send("q")
      #expect(try terminal.waitForExit().status == 0)
    #endif
  }
}

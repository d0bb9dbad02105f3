// The end-to-end harness on /bin/sh scripts: output, input, exit codes, signals and sizes.

import Foundation
import LocalStoreTestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct PseudoTerminalTests {
  static let shell = URL(fileURLWithPath: "/bin/sh")

  /// `/bin/sh -c script` on a new pseudo-terminal.
  func run(
    _ script: String, environment: [String: String?] = [:], columns: Int = 80, rows: Int = 24
  ) throws -> PseudoTerminal {
    try PseudoTerminal(
      executable: Self.shell, arguments: ["-c", script], environment: environment,
      columns: columns, rows: rows)
  }

  @Test func showsWhatTheProgramPrintsAndItsExitCode() throws {
    let terminal = try run("printf 'first\\nsecond\\n'; exit 3")
    try terminal.waitForText("first\nsecond")
    let exit = try terminal.waitForExit()
    #expect(exit == PseudoTerminal.ExitStatus(status: 3, wasSignalled: false))
    #expect(terminal.screenText.hasPrefix("first\nsecond\n"))
    // Cooked mode turns "\n" into "\r\n" on the way out.
    #expect(String(decoding: terminal.rawOutput, as: UTF8.self) == "first\r\nsecond\r\n")
  }

  @Test func readsALineSentAsTyping() throws {
    let terminal = try run("printf 'name? '; read name; echo \"hello, $name\"")
    try terminal.waitForText("name?")
    try terminal.send("Ada\r")
    try terminal.waitForText("hello, Ada")
    #expect(terminal.screen.line(0) == "name? Ada", "the terminal echoed the typing")
    #expect(try terminal.waitForExit().status == 0)
  }

  @Test func environmentIsMergedWithTermAndBacktraceDefaults() throws {
    let terminal = try run(
      "echo \"[$TERM] [$SWIFT_BACKTRACE] [$EXTRA] [${HOME+home set}] [${PWD+}${GONE-gone}]\"",
      environment: ["EXTRA": "yes", "GONE": nil])
    try terminal.waitForText("[xterm-256color] [enable=no] [yes] [home set] [gone]")
  }

  @Test func signalEndsTheProgram() throws {
    let terminal = try run("echo ready; exec sleep 30")
    try terminal.waitForText("ready")
    try terminal.signal(SIGTERM)
    #expect(try terminal.waitForExit() == .init(status: 128 + SIGTERM, wasSignalled: true))
  }

  @Test func controlCInCookedModeInterruptsTheForegroundProgram() throws {
    let terminal = try run("echo ready; exec sleep 30")
    try terminal.waitForText("ready")
    try terminal.send("\u{03}")
    #expect(try terminal.waitForExit() == .init(status: 128 + SIGINT, wasSignalled: true))
  }

  @Test func sttyShowsTheSizeSetAndAResize() throws {
    let terminal = try run("stty size; read line; stty size", columns: 100, rows: 30)
    try terminal.waitForText("30 100")
    try terminal.resize(columns: 120, rows: 40)
    try terminal.send("\r")
    try terminal.waitForText("40 120")
    #expect(terminal.screen.columns == 120 && terminal.screen.rows == 40)
  }

  @Test func resizeDeliversSIGWINCH() throws {
    let terminal = try run(
      "trap 'echo resized; exit 0' WINCH; echo ready; while :; do sleep 0.1; done")
    try terminal.waitForText("ready")
    try terminal.resize(columns: 90, rows: 20)
    try terminal.waitForText("resized")
    #expect(try terminal.waitForExit().status == 0)
  }

  @Test func terminalAttributesAreThoseTheProgramLeft() throws {
    let terminal = try run("stty raw -echo; echo ready; read line")
    try terminal.waitForText("ready")
    try terminal.send("\n")  // Raw mode does not turn "\r" into the "\n" that `read` waits for.
    #expect(try terminal.waitForExit().status == 0)
    let modes = TerminalModes(try terminal.terminalAttributes())
    #expect(!modes.isCooked, "\(modes)")
    let polite = try run("stty raw -echo; stty sane; echo done")
    try polite.waitForText("done")
    try polite.waitForExit()
    #expect(TerminalModes(try polite.terminalAttributes()).isCooked)
  }

  @Test func timeOutShowsTheScreen() throws {
    let terminal = try run("echo 'what is on screen'; exec sleep 30")
    try terminal.waitForText("what is on screen")
    let error = #expect(throws: PseudoTerminalError.self) {
      try terminal.waitForText("never shown", timeout: .milliseconds(100))
    }
    #expect(error?.description.contains("what is on screen") == true)
    #expect(error?.description.contains("\"never shown\"") == true)
  }

  @Test func waitingForTextThatNeverComesFailsWhenTheProgramExits() throws {
    let terminal = try run("echo bye")
    let error = #expect(throws: PseudoTerminalError.self) {
      try terminal.waitForText("never shown")
    }
    #expect(error?.description.contains("exited with status 0") == true)
    #expect(error?.description.contains("bye") == true)
  }

  @Test func deinitKillsAProgramStillRunning() throws {
    var terminal: PseudoTerminal? = try run("echo ready; exec sleep 30")
    let processID = try #require(terminal?.processID)
    try terminal?.waitForText("ready")
    terminal = nil
    #expect(kill(processID, 0) != 0, "the child was killed and reaped")
  }

  @Test func missingExecutableThrows() {
    #expect(throws: PseudoTerminalError.self) {
      try PseudoTerminal(executable: URL(fileURLWithPath: "/nonexistent/program"), arguments: [])
    }
  }
}

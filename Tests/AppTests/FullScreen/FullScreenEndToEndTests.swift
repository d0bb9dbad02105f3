// The real `questions` binary in a pseudo-terminal: keys in, screens out, the terminal restored.

import Foundation
import LocalStoreTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the full-screen mode as a person would, through a pty, and reads the screen.
///
/// Each test starts the built binary on a temporary data folder, waits for text to appear
/// (never a fixed sleep), and checks the exit status and that the terminal left the
/// alternate screen with its cursor visible and its original modes back. Set
/// `QUESTIONS_SCREENSHOTS=<folder>` to keep the screens the main test passes through.
@Suite(.serialized) struct FullScreenEndToEndTests {
  private let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "FullScreen")
  }

  private func launch(
    environment: [String: String?] = [:], arguments: [String] = []
  ) throws -> PseudoTerminal {
    try PseudoTerminal(
      executable: BuiltProducts.executable("questions"),
      arguments: ["--data-dir", folder.url.path] + arguments, environment: environment,
      columns: 80, rows: 24)
  }

  /// Expects the terminal as the program found it: main screen, cursor shown, cooked mode.
  private func expectRestored(
    _ terminal: PseudoTerminal, like before: termios,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let screen = terminal.screen
    #expect(!screen.isAlternateScreenActive, sourceLocation: sourceLocation)
    #expect(screen.isCursorVisible, sourceLocation: sourceLocation)
    #expect(screen.isAutoWrapEnabled, sourceLocation: sourceLocation)
    let after = try terminal.terminalAttributes()
    #expect(after.c_lflag == before.c_lflag, sourceLocation: sourceLocation)
    #expect(after.c_iflag == before.c_iflag, sourceLocation: sourceLocation)
    #expect(after.c_oflag == before.c_oflag, sourceLocation: sourceLocation)
  }

  private func keep(_ terminal: PseudoTerminal, as name: String) {
    guard let directory = ProcessInfo.processInfo.environment["QUESTIONS_SCREENSHOTS"] else {
      return
    }
    let url = URL(fileURLWithPath: directory).appendingPathComponent(name + ".txt")
    try? Data((terminal.screenText + "\n").utf8).write(to: url)
  }

  private func storedQuestions() async throws -> String {
    let result = try await ChildProcess.run(
      BuiltProducts.executable("questions"), ["--data-dir", folder.url.path, "list"])
    return result.standardOutput
  }

  @Test func addSearchQuizDeleteAndQuit() async throws {
    let terminal = try launch()
    let before = terminal.initialAttributes
    try terminal.waitForText("Load the sample deck?")
    keep(terminal, as: "1-welcome")
    try terminal.send("n")
    try terminal.waitForText("No questions yet.")

    try terminal.send("a")
    try terminal.waitForText("New question")
    try terminal.send("\r")
    try terminal.waitForText("Enter a prompt.")
    try terminal.send("What does fsync do?\tFlushes a file to the disk\tio, durability")
    try terminal.waitForText("io, durability")
    keep(terminal, as: "2-form")
    try terminal.send("\r")
    try terminal.waitForText("Added the question.")
    try terminal.send("aWhat does an actor guarantee?\tOne task at a time\tactors\r")
    let list = try terminal.waitForScreen {
      $0.line(0).hasPrefix(" Questions") && $0.line(0).hasSuffix(" 2")
    }
    #expect(list.text.contains("What does an actor guarantee?"))
    #expect(list.text.contains("What does fsync do?"))
    keep(terminal, as: "3-list")

    try terminal.send("/fsync")
    let searched = try terminal.waitForScreen { $0.line(0).contains("/fsync▏") }
    #expect(searched.line(0).hasSuffix("1 of 2"))
    #expect(searched.text.contains("What does fsync do?"))
    #expect(!searched.text.contains("What does an actor guarantee?"))
    keep(terminal, as: "4-search")
    try terminal.send("\r\u{1B}")
    try terminal.waitForScreen { $0.text.contains("What does an actor guarantee?") }

    try terminal.send("s")
    try terminal.waitForText("Question 1 of 2")
    try terminal.send(" ")
    try terminal.waitForText("Did you know it? y/n")
    keep(terminal, as: "5-quiz")
    try terminal.send("y")
    try terminal.waitForText("Question 2 of 2")
    try terminal.send(" n")
    try terminal.waitForText("You knew 1 of 2 (50%).")
    keep(terminal, as: "6-score")
    try terminal.send("\u{1B}v")
    try terminal.waitForText("1 quiz, 1 of 2 known (50%)")
    keep(terminal, as: "7-statistics")
    try terminal.send("\u{1B}")
    try terminal.waitForText("j/k move")

    try terminal.send("gd")
    try terminal.waitForText("Delete? y/n  “What does fsync do?”")
    try terminal.send("y")
    try terminal.waitForText("Deleted “What does fsync do?”.")
    keep(terminal, as: "8-deleted")
    try terminal.send("q")
    let exit = try terminal.waitForExit()
    #expect(exit == PseudoTerminal.ExitStatus(status: 0, wasSignalled: false))
    try expectRestored(terminal, like: before)

    let stored = try await storedQuestions()
    #expect(stored.contains("What does an actor guarantee?"))
    #expect(!stored.contains("fsync"))
    #expect(FileManager.default.fileExists(atPath: folder.appending("sessions.json").path))
  }

  private func launchOnTheSampleDeck(
    environment: [String: String?] = [:], arguments: [String] = []
  ) async throws -> (PseudoTerminal, termios) {
    let sample = try await ChildProcess.run(
      BuiltProducts.executable("questions"), ["--data-dir", folder.url.path, "sample"])
    try #require(sample.status == 0)
    let terminal = try launch(environment: environment, arguments: arguments)
    let before = terminal.initialAttributes
    try terminal.waitForText("What does an actor guarantee")
    return (terminal, before)
  }

  @Test func controlCQuitsAndRestoresTheTerminal() async throws {
    let (terminal, before) = try await launchOnTheSampleDeck()
    try terminal.send("\u{3}")
    let exit = try terminal.waitForExit()
    #expect(exit == PseudoTerminal.ExitStatus(status: 130, wasSignalled: false))
    try expectRestored(terminal, like: before)
  }

  @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT")])
  func aSignalEndsTheRunAndRestoresTheTerminal(signal: Int32, name: String) async throws {
    let (terminal, before) = try await launchOnTheSampleDeck()
    try terminal.signal(signal)
    let exit = try terminal.waitForExit()
    #expect(exit.status == 128 + signal, "\(name)")
    try expectRestored(terminal, like: before)
  }

  @Test func aCrashRestoresTheTerminalAndStillDiesOfItsSignal() async throws {
    let (terminal, before) = try await launchOnTheSampleDeck()
    try terminal.signal(SIGSEGV)
    let exit = try terminal.waitForExit()
    if ProcessInfo.processInfo.environment["TEST_SANITIZER"] == "thread" {
      // Under `make test-tsan` the sanitizer's runtime takes the SIGSEGV too: it reports it
      // and exits with 66, and whether the app's handler restored the terminal first
      // depends on when the sanitizer delivers the signal to it (5 of 5 runs alone restored
      // it; one run beside the whole suite did not). The restore is checked without it.
      #expect(exit.status != 0)
      return
    }
    #expect(exit == PseudoTerminal.ExitStatus(status: 128 + SIGSEGV, wasSignalled: true))
    try expectRestored(terminal, like: before)
  }

  @Test func aResizeRedrawsAtTheNewSize() async throws {
    let (terminal, _) = try await launchOnTheSampleDeck()
    try terminal.resize(columns: 40, rows: 10)
    let screen = try terminal.waitForScreen { $0.line(9).hasSuffix("? help  q quit") }
    #expect(screen.line(0).hasSuffix("32"))
    #expect(screen.line(0).count <= 40)
    try terminal.send("q")
    #expect(try terminal.waitForExit().status == 0)
  }

  /// An SGR sequence that sets a foreground colour, such as `ESC[0;1;31m`.
  private func containsColour(_ output: [UInt8]) -> Bool {
    let text = String(decoding: output, as: UTF8.self)
    return text.contains(/\u{1B}\[[0-9;]*;3[0-7]m/)
  }

  /// Quits at once and returns everything the program wrote.
  private func outputOfAQuickRun(
    environment: [String: String?] = [:], arguments: [String] = []
  ) async throws -> [UInt8] {
    let (terminal, _) = try await launchOnTheSampleDeck(
      environment: environment, arguments: arguments)
    try terminal.send("q")
    _ = try terminal.waitForExit()
    return terminal.rawOutput
  }

  @Test func tagsAreInColourByDefault() async throws {
    let output = try await outputOfAQuickRun(environment: [
      "NO_COLOR": nil, "TERM": "xterm-256color",
    ])
    #expect(containsColour(output))
  }

  @Test(
    arguments: [
      (["NO_COLOR": "1"], []), (["TERM": "dumb"], []), ([:], ["--no-color"]),
    ] as [([String: String?], [String])])
  func colourIsOffWhenAskedFor(environment: [String: String?], arguments: [String]) async throws {
    let output = try await outputOfAQuickRun(environment: environment, arguments: arguments)
    #expect(String(decoding: output, as: UTF8.self).contains("What does an actor guarantee"))
    #expect(!containsColour(output))
  }

  @Test func withoutATerminalOnStandardInputItIsTheCommandMode() async throws {
    _ = try await ChildProcess.run(
      BuiltProducts.executable("questions"), ["--data-dir", folder.url.path, "sample"])
    let result = try await ChildProcess.run(
      BuiltProducts.executable("questions"), ["--data-dir", folder.url.path])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("What does an actor guarantee"))
    #expect(!result.standardOutput.contains("\u{1B}["))
  }
}

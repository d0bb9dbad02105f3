// The real `__EXECUTABLE__` in a pseudo-terminal: keys in, screens out, the terminal restored.

import Foundation
import LocalStoreTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the full-screen list as a person would, through a pty, and reads the screen.
///
/// Each test starts the built binary on a temporary data folder and waits for text to appear
/// (never a fixed sleep), then checks the exit status and that the terminal left the
/// alternate screen with its cursor visible and its original modes back.
@Suite(.serialized) struct FullScreenEndToEndTests {
  private let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory(prefix: "__NAME__FullScreen")
  }

  private var executable: URL { BuiltProducts.executable("__EXECUTABLE__") }

  private func launch() throws -> PseudoTerminal {
    try PseudoTerminal(
      executable: executable, arguments: ["--data-dir", folder.url.path],
      environment: ["__ENV_PREFIX___DATA_DIR": nil], columns: 80, rows: 24)
  }

  /// Expects the terminal as the program found it: main screen, cursor shown, cooked mode.
  private func expectRestored(
    _ terminal: PseudoTerminal, like before: termios,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let screen = terminal.screen
    #expect(!screen.isAlternateScreenActive, sourceLocation: sourceLocation)
    #expect(screen.isCursorVisible, sourceLocation: sourceLocation)
    let after = try terminal.terminalAttributes()
    #expect(after.c_lflag == before.c_lflag, sourceLocation: sourceLocation)
    #expect(after.c_iflag == before.c_iflag, sourceLocation: sourceLocation)
    #expect(after.c_oflag == before.c_oflag, sourceLocation: sourceLocation)
  }

  private func stored() async throws -> String {
    try await ChildProcess.run(executable, ["--data-dir", folder.url.path, "list"]).standardOutput
  }

  @Test func addSearchDeleteHelpAndQuit() async throws {
    let terminal = try launch()
    let before = terminal.initialAttributes
    try terminal.waitForText("Nothing here yet.")

    try terminal.send("a")
    try terminal.waitForText("New __MODEL__")
    try terminal.send("\r")
    // fields: tests-screen-blank
    try terminal.waitForText("The title is empty")
    // fields: end
    try terminal.send("Pancakes\r")
    try terminal.waitForText("Added “Pancakes”.")
    // fields: tests-screen-add-second
    try terminal.send("aBread\t\tslow\r")
    let list = try terminal.waitForScreen {
      $0.line(0).hasPrefix(" __NAME__") && $0.line(0).hasSuffix(" 2") && $0.text.contains("#slow")
    }
    // fields: end
    #expect(list.text.contains("Pancakes"))

    try terminal.send("/panc")
    let searched = try terminal.waitForScreen { $0.line(0).contains("/panc▏") }
    #expect(searched.line(0).hasSuffix("1 of 2"))
    #expect(!searched.text.contains("Bread"))
    try terminal.send("\u{1B}")
    try terminal.waitForScreen { $0.text.contains("Bread") && $0.line(0).hasSuffix(" 2") }

    try terminal.send("?")
    try terminal.waitForText("search as you type")
    try terminal.send("\u{1B}")
    try terminal.waitForText("j/k move")

    try terminal.send("gd")
    try terminal.waitForText("Delete? y/n  “Pancakes”")
    try terminal.send("n")
    try terminal.waitForText("j/k move")
    try terminal.send("dy")
    try terminal.waitForText("Deleted “Pancakes”.")
    try terminal.send("q")
    let exit = try terminal.waitForExit()
    #expect(exit == PseudoTerminal.ExitStatus(status: 0, wasSignalled: false))
    try expectRestored(terminal, like: before)

    let remaining = try await stored()
    #expect(remaining.contains("Bread"))
    #expect(!remaining.contains("Pancakes"))
  }

  @Test func controlCQuitsWith130AndRestoresTheTerminal() async throws {
    let terminal = try launch()
    let before = terminal.initialAttributes
    try terminal.waitForText("j/k move")
    try terminal.send("\u{3}")
    #expect(
      try terminal.waitForExit() == PseudoTerminal.ExitStatus(status: 130, wasSignalled: false))
    try expectRestored(terminal, like: before)
  }

  @Test func sigtermEndsTheRunAndRestoresTheTerminal() async throws {
    let terminal = try launch()
    let before = terminal.initialAttributes
    try terminal.waitForText("j/k move")
    try terminal.signal(SIGTERM)
    #expect(try terminal.waitForExit().status == 128 + SIGTERM)
    try expectRestored(terminal, like: before)
  }

  @Test func theFormEditsEveryField() async throws {
    #expect(
      try await ChildProcess.run(executable, ["--data-dir", folder.url.path, "add", "Soup"]).status
        == 0)
    let terminal = try launch()
    try terminal.waitForText("Soup")
    try terminal.send("e")
    try terminal.waitForText("Edit")
    // fields: tests-screen-every-field
    try terminal.send("\u{15}Stew\tThick\tdinner, winter\r")
    try terminal.waitForText("Saved “Stew”.")
    try terminal.send("q")
    _ = try terminal.waitForExit()
    let shown = try await ChildProcess.run(
      executable, ["--data-dir", folder.url.path, "list", "--json"])
    #expect(shown.standardOutput.contains("\"notes\" : \"Thick\""))
    #expect(shown.standardOutput.contains("\"winter\""))
    // fields: end
  }

  @Test func aChangeFromAnotherProcessShowsUpAndAConflictingEditAsksWhichToKeep() async throws {
    let added = try await ChildProcess.run(
      executable, ["--data-dir", folder.url.path, "add", "Soup"])
    let id = String(added.standardOutput.prefix(8))
    let terminal = try launch()
    try terminal.waitForText("Soup")
    // Another process adds a value: the open list follows the store and shows it.
    _ = try await ChildProcess.run(executable, ["--data-dir", folder.url.path, "add", "Bread"])
    try terminal.waitForText("Bread")

    try terminal.send("ge")
    try terminal.waitForText("Edit")
    // fields: tests-screen-conflict
    _ = try await ChildProcess.run(
      executable, ["--data-dir", folder.url.path, "edit", id, "--notes", "Their notes"])
    try terminal.send("\tMy notes\r")
    let conflict = try terminal.waitForScreen {
      $0.text.contains("changed elsewhere since you opened it")
    }
    #expect(conflict.text.contains("mine:   My notes"))
    #expect(conflict.text.contains("theirs: Their notes"))
    try terminal.send("m")
    try terminal.waitForText("Saved your version of “Soup”.")
    try terminal.send("q")
    _ = try terminal.waitForExit()
    let shown = try await ChildProcess.run(executable, ["--data-dir", folder.url.path, "show", id])
    #expect(shown.standardOutput.contains("Notes: My notes"))
    // fields: end
  }
}

// Every string that reaches a terminal is shown, never obeyed: paths, JSON, bidi controls.

import CommandLineKit
import Foundation
import LocalStoreTestSupport
import Models
import Testing

@testable import App

@MainActor
@Suite struct HostileOutputTests {
  /// Sets the window title, clears the screen, and turns the rest of the line around.
  nonisolated static let hostile = "x\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}gnp.exe"

  /// Whether `text` holds a character a terminal acts on (besides line breaks and tabs) or a
  /// bidi control that reorders what follows: the shared table's rule.
  static func holdsControls(_ text: String) -> Bool {
    !HostileText.rawControls(in: text).isEmpty
  }

  /// A harness whose standard output and standard error are terminals.
  func terminalHarness(_ questions: [Question] = []) -> RunnerHarness {
    let harness = RunnerHarness(questions)
    harness.standardOutputIsTerminal = true
    harness.standardErrorIsTerminal = true
    return harness
  }

  @Test func pathsInExportImportAndReadMessagesAreNeutralised() async throws {
    let folder = try TemporaryDirectory()
    let path = folder.appending(Self.hostile + ".json").path
    let harness = terminalHarness([Fixtures.actor])
    let exported = await harness.run(["export", path])
    #expect(exported.status == 0, "\(exported.errors)")
    let imported = await harness.run(["import", path])
    #expect(imported.status == 0, "\(imported.errors)")
    for text in [exported.output, exported.errors, imported.output, imported.errors] {
      #expect(!Self.holdsControls(text), "\(text.debugDescription)")
    }
    #expect((exported.output + exported.errors).contains("pwned"))
  }

  @Test func theProgressBarsLabelIsNeutralisedButItsOwnRedrawKept() {
    let write = "\r\u{1B}[KReading " + Self.hostile + " [####] 10%"
    let shown = SafeConsole.neutralized(write)
    #expect(shown.hasPrefix("\r\u{1B}[KReading x\u{FFFD}]0;pwned"))
    #expect(!Self.holdsControls(String(shown.dropFirst(3))), "\(shown.debugDescription)")
    // A carriage return that a path brings along is not the program's: it is shown.
    let message = SafeConsole.neutralized("Imported 1 from /a\r\u{1B}[Kfake\n")
    #expect(message == "Imported 1 from /a \u{FFFD}[Kfake\n")
  }

  @Test func theAppsOwnStylesPassButNoOtherSequence() {
    let styled = "\u{1B}[1mbold\u{1B}[0m \u{1B}[2J\u{1B}[31m"
    #expect(SafeConsole.neutralized(styled) == "\u{1B}[1mbold\u{1B}[0m \u{FFFD}[2J\u{FFFD}[31m")
    // Not even the app's own styles reach a pipe.
    #expect(
      SafeConsole.neutralized(styled, allowingOwn: false)
        == "\u{FFFD}[1mbold\u{FFFD}[0m \u{FFFD}[2J\u{FFFD}[31m")
  }

  @Test func repairsLinesNeutraliseTheDataFolder() async throws {
    let folder = try TemporaryDirectory()
    let data = folder.appending(Self.hostile).path
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    try Data("not json".utf8).write(to: URL(fileURLWithPath: data + "/questions.json"))
    let harness = terminalHarness()
    let result = await harness.run(["--data-dir", data, "repair"])
    #expect(result.status == 0, "\(result.errors)")
    #expect((result.output + result.errors).contains("pwned"))
    #expect(!Self.holdsControls(result.output + result.errors), "\(result.output.debugDescription)")
  }

  @Test func jsonOnATerminalEscapesC1AndBidiControlsAndStillDecodes() async throws {
    let question = Question(prompt: "a\u{9B}31m b\u{9D}0;t\u{7} c\u{202E}d", answer: "e")
    let harness = terminalHarness([question])
    let result = await harness.run(["--json", "list"])
    #expect(result.status == 0)
    #expect(!Self.holdsControls(result.output), "\(result.output.debugDescription)")
    #expect(result.output.contains("\\u009b"))
    let listed = try JSONDecoder().decode([Question].self, from: Data(result.output.utf8))
    #expect(listed == [question])
  }

  @Test func jsonThroughAPipeIsEscapedTooAndKeepsTheExactValue() async throws {
    let question = Question(prompt: "a\u{9B}b\u{202E}c", answer: "e")
    let harness = RunnerHarness([question])
    let result = await harness.run(["--json", "list"])
    #expect(!Self.holdsControls(result.output), "\(result.output.debugDescription)")
    #expect(result.output.contains("a\\u009bb\\u202ec"))
    let listed = try JSONDecoder().decode([Question].self, from: Data(result.output.utf8))
    #expect(listed == [question])
  }

  @Test func exportToStandardOutputKeepsTheExactBytes() async throws {
    let question = Question(prompt: "a\u{9B}b\u{202E}c\u{1B}[2J", answer: "e")
    let harness = RunnerHarness([question])
    harness.standardOutputIsTerminal = true
    let result = await harness.run(["export", "--format", "csv", "-"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("a\u{9B}b\u{202E}c\u{1B}[2J"))
  }

  @Test func messagesThroughAPipeAreNeutralisedToo() async throws {
    let folder = try TemporaryDirectory()
    let path = folder.appending(Self.hostile + ".json").path
    let harness = RunnerHarness([Fixtures.actor])
    let exported = await harness.run(["export", path])
    #expect(exported.status == 0, "\(exported.errors)")
    let imported = await harness.run(["import", path])
    #expect(imported.status == 0, "\(imported.errors)")
    for text in [exported.errors, imported.errors] {
      #expect(text.contains("pwned"))
      #expect(!Self.holdsControls(text), "\(text.debugDescription)")
    }
  }

  @Test func bidiControlsInStoredTextAreNeutralisedOnATerminal() async {
    let question = Question(prompt: "left \u{202E}thgir\u{2066} end", answer: "a\u{200F}")
    let harness = terminalHarness([question])
    harness.environment["NO_COLOR"] = "1"
    for arguments in [["list"], ["show", question.id.uuidString]] {
      let result = await harness.run(arguments)
      #expect(result.status == 0)
      #expect(!Self.holdsControls(result.output), "\(result.output.debugDescription)")
    }
  }

  @Test func errorMessagesNeutraliseBidiControls() async {
    let harness = terminalHarness()
    let result = await harness.run(["show", "ab\u{202E}cd"])
    #expect(result.status != 0)
    #expect(!Self.holdsControls(result.errors), "\(result.errors.debugDescription)")
  }
}

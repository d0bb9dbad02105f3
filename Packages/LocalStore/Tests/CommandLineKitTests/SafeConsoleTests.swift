// Every message and text result is neutralised wherever it goes; JSON is escaped; data passes untouched.

import CommandLineKit
import Foundation
import LocalStoreTestSupport
import Testing

@Suite struct SafeConsoleTests {
  final class Captured: Console {
    var output = ""
    var errors = ""
    func writeOutput(_ text: String) { output += text }
    func writeError(_ text: String) { errors += text }
    func readLine() -> String? { nil }
  }

  static let both = [true, false]

  @Test(arguments: HostileText.all, both)
  func messagesAreNeutralisedOnATerminalAndThroughAPipe(hostile: HostileText, terminal: Bool) {
    let base = Captured()
    let console = SafeConsole(base, outputIsTerminal: terminal, errorIsTerminal: terminal)
    console.writeError("Cannot read \(hostile.text): No such file.\n")
    console.writeOutput(hostile.text + "\n")
    #expect(HostileText.rawControls(in: base.errors).isEmpty, "\(base.errors.debugDescription)")
    #expect(HostileText.rawControls(in: base.output).isEmpty, "\(base.output.debugDescription)")
    #expect(base.errors.contains(HostileText.marker) && base.output.contains(HostileText.marker))
  }

  @Test(arguments: HostileText.all, both)
  func jsonIsEscapedAndKeepsItsValue(hostile: HostileText, terminal: Bool) throws {
    let base = Captured()
    let console = SafeConsole(base, outputIsTerminal: terminal, errorIsTerminal: terminal)
    console.json = true
    let encoded = try JSONEncoder().encode([hostile.text])
    console.writeOutput(String(decoding: encoded, as: UTF8.self))
    #expect(HostileText.rawControls(in: base.output).isEmpty, "\(base.output.debugDescription)")
    #expect(try JSONDecoder().decode([String].self, from: Data(base.output.utf8)) == [hostile.text])
  }

  @Test(arguments: HostileText.all)
  func dataIsWrittenByteForByte(hostile: HostileText) {
    let base = Captured()
    let console = SafeConsole(base, outputIsTerminal: true, errorIsTerminal: true)
    console.json = true
    console.writeData(hostile.text)
    #expect(base.output == hostile.text)
  }

  @Test func theToolsOwnStylesReachOnlyATerminal() {
    let styled = "\u{1B}[1mbold\u{1B}[0m\n"
    let terminal = Captured()
    SafeConsole(terminal, outputIsTerminal: true, errorIsTerminal: true).writeOutput(styled)
    #expect(terminal.output == styled)
    let pipe = Captured()
    SafeConsole(pipe, outputIsTerminal: false, errorIsTerminal: false).writeOutput(styled)
    #expect(pipe.output == "\u{FFFD}[1mbold\u{FFFD}[0m\n")
  }

  @Test func aProgressRedrawIsKeptOnlyAtTheStartOfAWriteToATerminal() {
    let base = Captured()
    let console = SafeConsole(base, outputIsTerminal: false, errorIsTerminal: true)
    console.writeError("\r\u{1B}[KReading a\r\u{1B}[Kb [##] 10%")
    #expect(base.errors == "\r\u{1B}[KReading a \u{FFFD}[Kb [##] 10%")
  }
}

// Every combination of a run's outcomes: the version asked or not, the command's, the closing step's, the console's.

import CommandLineKit
import Testing

@Suite struct ToolRunTests {
  struct Failure: Error, Equatable {
    var code: Int32
  }

  final class Recording: Console {
    var output = ""
    var errors = ""
    let writeFailure: ConsoleWriteFailure?
    init(failing: Bool) {
      writeFailure = failing ? ConsoleWriteFailure(stream: .output, reason: "Disk full") : nil
    }
    func writeOutput(_ text: String) { output += text }
    func writeError(_ text: String) { errors += text }
    func readLine() -> String? { nil }
  }

  /// What a step does: succeed (the command with status 0), or throw a failure with `code`.
  enum Outcome: CaseIterable, CustomStringConvertible {
    case succeeds, failsWith1, failsWith64
    var failure: Failure? {
      switch self {
      case .succeeds: nil
      case .failsWith1: Failure(code: 1)
      case .failsWith64: Failure(code: 64)
      }
    }
    var description: String { failure.map { "fails with \($0.code)" } ?? "succeeds" }
  }

  /// Goes through every combination: whether `--version` is asked, what the command and the
  /// closing step do, and whether a write to the console failed. The rule, for each: the
  /// version skips both steps; the closing step runs whatever the command did; the command's
  /// failure gives the status, the closing step's only when the command succeeded; each
  /// failure is reported once, in order; a failed write makes a success 1.
  @Test func everyCombinationEndsAsTheRuleSays() async {
    let tool = CommandLineTool(name: "recipes", version: "1.2.3")
    var explored = 0
    for asksVersion in [false, true] {
      for command in Outcome.allCases {
        for closing in Outcome.allCases where closing != .failsWith64 {
          for failingConsole in [false, true] {
            let console = Recording(failing: failingConsole)
            var ran: [String] = []
            var reported: [Failure] = []
            let status = await tool.run(
              asksVersion ? ["list", "--version"] : ["list"], console: console,
              command: { (_: [String]) throws(Failure) -> Int32 in
                ran.append("command")
                if let failure = command.failure { throw failure }
                return 0
              },
              closing: { () throws(Failure) in
                ran.append("closing")
                if let failure = closing.failure { throw failure }
              },
              report: { reported.append($0) }, exitCode: { $0.code })
            explored += 1
            let context = "version \(asksVersion), command \(command), closing \(closing)"
            if asksVersion {
              #expect(ran.isEmpty, "\(context)")
              #expect(console.output == "recipes 1.2.3\n", "\(context)")
              #expect(status == (failingConsole ? 1 : 0), "\(context)")
              continue
            }
            #expect(ran == ["command", "closing"], "\(context)")
            let failures = [command.failure, closing.failure].compactMap(\.self)
            #expect(reported == failures, "\(context)")
            var expected = command.failure?.code ?? closing.failure?.code ?? 0
            if failingConsole && expected == 0 { expected = 1 }
            #expect(status == expected, "\(context), console failing \(failingConsole)")
          }
        }
      }
    }
    print("ToolRunTests: \(explored) combinations of version, command, closing and console")
    #expect(explored == 2 * 3 * 2 * 2)
  }
}

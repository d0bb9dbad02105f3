// Every store a run opened is synchronized before the run ends: after each command, and however the full-screen mode ends.

import CommandLineKit
import Foundation
import LocalStore
import LocalStoreTestSupport
import Models
import Persistence
import TerminalUI
import Testing

@testable import App

/// A store configured to sync later (``Durability/lossyOnPowerCut(syncWithin:)``) has
/// acknowledged saves that are not yet durable; ``CommandRunner`` calls `synchronize()` on
/// every store it opened before the process exits, on every path: each command, and the
/// full-screen mode ending by `q`, Ctrl-C, SIGTERM, SIGHUP or a terminal error.
@MainActor
@Suite struct SynchronizeOnExitTests {
  struct Refused: Error {}

  let questions = FlakyRepository<Question>(
    failures: 0, with: Refused(), items: [Fixtures.actor, Fixtures.sendable])
  let sessions = FlakyRepository<StudySession>(failures: 0, with: Refused())

  func runner(
    interactive: Bool = false, console: CapturedConsole = CapturedConsole()
  )
    -> CommandRunner
  {
    let context = ProcessContext(
      environment: ["HOME": "/home/tester"], currentDirectory: URL(fileURLWithPath: "/work"),
      standardInputIsTerminal: interactive, standardOutputIsTerminal: interactive)
    let (questions, sessions) = (self.questions, self.sessions)
    return CommandRunner(
      context: context, console: console,
      openRepository: { _ in OpenedStore(questions) },
      openSessions: { _ in OpenedStore(sessions) })
  }

  nonisolated static let commands: [[String]] = [
    ["add", "Synchronized?", "--answer", "yes"], ["list"], ["show", "3f2a1b4c"],
    ["edit", "3f2a1b4c", "--answer", "Serial access"], ["delete", "3f2a9"],
    ["search", "actor"], ["sample"], ["export", "-"], ["stats"],
  ]

  @Test(arguments: commands)
  func everyCommandSynchronizesTheStoresItOpened(arguments: [String]) async {
    let console = CapturedConsole()
    let status = await runner(console: console).run(arguments)
    #expect(status == 0, "\(console.errors)")
    if arguments.first == "stats" {
      #expect(await sessions.synchronizations == 1)
    } else {
      #expect(await questions.synchronizations == 1, "\(arguments)")
    }
  }

  @Test func aQuizSynchronizesBothStores() async {
    let console = CapturedConsole()
    console.input = ["y", "n"]
    let status = await runner(console: console).run(["quiz", "--count", "2"])
    #expect(status == 0, "\(console.errors)")
    #expect(await questions.synchronizations == 1)
    #expect(await sessions.synchronizations == 1)
  }

  /// The statuses ``FullScreenMode`` returns for `q`, Ctrl-C, SIGTERM and SIGHUP.
  nonisolated static let screenEndings: [Int32] = [0, 130, 128 + SIGTERM, 128 + SIGHUP]

  @Test(arguments: screenEndings)
  func theFullScreenModeSynchronizesHoweverItEnds(status: Int32) async {
    var runner = runner(interactive: true)
    runner.presentFullScreen = { _, _ in status }
    #expect(await runner.run([]) == status)
    #expect(await questions.synchronizations == 1)
    #expect(await sessions.synchronizations == 1)
  }

  @Test func aTerminalErrorStillSynchronizes() async {
    var runner = runner(interactive: true)
    runner.presentFullScreen = { _, _ throws(AppError) in
      throw .terminal(.notATerminal("standard input"))
    }
    #expect(await runner.run([]) == 1)
    #expect(await questions.synchronizations == 1)
    #expect(await sessions.synchronizations == 1)
  }

  @Test func aFailedSynchronizeFailsTheRunAndSaysWhy() async {
    let failing = FlakyRepository<Question>(
      failures: 0,
      with: PersistenceError.unreadable(URL(fileURLWithPath: "/d/questions.json"), reason: "EIO"),
      failingSynchronize: true)
    let console = CapturedConsole()
    let context = ProcessContext(
      environment: ["HOME": "/home/tester"], currentDirectory: URL(fileURLWithPath: "/work"))
    let runner = CommandRunner(
      context: context, console: console, openRepository: { _ in OpenedStore(failing) },
      openSessions: { _ in OpenedStore(InMemoryRepository<StudySession>()) })
    #expect(await runner.run(["add", "Durable?", "--answer", "no"]) == 1)
    #expect(await failing.synchronizations == 1)
    #expect(console.errors.contains("questions: error: "), "\(console.errors)")
    #expect(console.errors.contains("questions.json"), "\(console.errors)")
  }
}

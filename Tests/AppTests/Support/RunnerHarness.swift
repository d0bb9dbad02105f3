// Runs the command runner in process against an in-memory store and captures what it prints.

import CommandLineKit
import Foundation
import LocalStore
import Models
import Persistence

@testable import App

/// The outcome of one in-process run.
struct RunResult {
  /// The exit status the runner returned.
  var status: Int32
  /// Everything written to standard output.
  var output: String
  /// Everything written to standard error.
  var errors: String
}

/// A runner wired to ``InMemoryRepository``s and a ``CapturedConsole``.
@MainActor
final class RunnerHarness {
  /// The store every run uses.
  let repository: InMemoryRepository<Question>
  /// The study history every run uses.
  let sessions: InMemoryRepository<StudySession>
  /// The lines each run reads from standard input.
  var input: [String] = []
  /// A study history to use instead of ``sessions``, such as one that fails.
  var replacementSessions: (any Repository<StudySession>)?
  /// The folders the runner asked to open, in order.
  private(set) var openedDirectories: [URL] = []
  /// The environment given to the runner.
  var environment: [String: String] = ["HOME": "/home/tester"]
  /// Whether the runner is told standard output is a terminal.
  var standardOutputIsTerminal = false
  /// Whether the runner is told standard error is a terminal.
  var standardErrorIsTerminal = false
  /// An error to throw instead of opening the store.
  var openFailure: PersistenceError?

  init(_ questions: [Question] = [], sessions: [StudySession] = []) {
    repository = InMemoryRepository(questions)
    self.sessions = InMemoryRepository(sessions)
  }

  /// Runs `arguments` and returns the status and captured output.
  func run(_ arguments: [String]) async -> RunResult {
    let console = CapturedConsole()
    console.input = input
    let context = ProcessContext(
      environment: environment, currentDirectory: URL(fileURLWithPath: "/work/here"),
      standardOutputIsTerminal: standardOutputIsTerminal,
      standardErrorIsTerminal: standardErrorIsTerminal)
    let repository = repository
    let sessions = replacementSessions ?? sessions
    let failure = openFailure
    let runner = CommandRunner(
      context: context, console: console,
      openRepository: { directory in
        self.openedDirectories.append(directory)
        if let failure { throw failure }
        return OpenedStore(repository)
      },
      openSessions: { _ in OpenedStore(sessions) })
    let status = await runner.run(arguments)
    return RunResult(status: status, output: console.output, errors: console.errors)
  }
}

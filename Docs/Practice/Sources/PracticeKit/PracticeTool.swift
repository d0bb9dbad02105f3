// Runs one command of the practice tool and returns its exit status.

import Foundation
import TerminalUI

/// The practice tool: parses the arguments, finds its folders, and runs the command.
@MainActor public struct PracticeTool {
  /// The practice package's folder.
  public var folder: PracticeFolder
  /// Where the progress store lives.
  public var stateDirectory: URL
  /// Builds and tests exercises.
  public var runner: ExerciseRunner
  /// Writes a line of normal output.
  public var printOut: (String) -> Void = { print($0) }
  /// Writes a line of error output.
  public var printError: (String) -> Void = { line in
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// A tool on `folder`, keeping progress in `stateDirectory`.
  public init(folder: PracticeFolder, stateDirectory: URL, runner: ExerciseRunner) {
    self.folder = folder
    self.stateDirectory = stateDirectory
    self.runner = runner
  }

  /// A tool configured from the environment: `PRACTICE_ROOT` (default: the package this file
  /// was built from), `PRACTICE_STATE_DIR` (default: `.progress` in it), `SWIFT`,
  /// `PRACTICE_BUILD_FLAGS` (arguments for `swift build`, split at spaces), and
  /// `PRACTICE_TEST_TIME_LIMIT` (seconds one exercise's tests may run before they are stopped).
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> PracticeTool {
    let root =
      environment["PRACTICE_ROOT"].map { URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let state =
      environment["PRACTICE_STATE_DIR"].map { URL(fileURLWithPath: $0) }
      ?? root.appendingPathComponent(".progress")
    let flags = (environment["PRACTICE_BUILD_FLAGS"] ?? "").split(separator: " ").map(String.init)
    let limit = environment["PRACTICE_TEST_TIME_LIMIT"].flatMap(Int.init).map(Duration.seconds)
    let runner = ExerciseRunner(
      packageFolder: root, swift: environment["SWIFT"] ?? "swift", buildFlags: flags,
      testTimeLimit: limit ?? ExerciseRunner.defaultTestTimeLimit)
    return PracticeTool(folder: PracticeFolder(url: root), stateDirectory: state, runner: runner)
  }

  /// Runs the command given by `arguments`; 0 on success, 1 when it failed, 64 for bad usage.
  public func main(_ arguments: [String]) async -> Int32 {
    do {
      return try await execute(PracticeCommand.parse(arguments))
    } catch {
      printError("practice: \(error)")
      if case .usage = error { return 64 }
      if case .noSuchExercise = error { return 64 }
      return 1
    }
  }

  /// Runs `command`.
  public func execute(_ command: PracticeCommand) async throws(PracticeError) -> Int32 {
    switch command {
    case .help:
      printOut(PracticeCommand.usage)
      return 0
    case .list:
      try await list()
      return 0
    case .hint(let exercise):
      printOut(exercise.heading)
      for (index, hint) in exercise.hints.enumerated() { printOut("Hint \(index + 1): \(hint)") }
      return 0
    case .reset(let exercise):
      try folder.reset(exercise)
      try await ProgressStore(directory: stateDirectory).record(.pending, for: exercise.number)
      printOut("Exercise \(exercise.number) is back as shipped: Docs/Practice/\(exercise.filePath)")
      return 0
    case .run(let exercise):
      return try await run(exercise)
    case .verify(let exercise):
      let exercises = exercise.map { [$0] } ?? Exercise.all
      let solved = try await SolutionCheck(
        folder: folder, runner: runner, printOut: printOut, exercises: exercises
      ).run()
      printOut("Mutants: each exercise's tests must kill the mutants of its solution.")
      let problems = try await MutationCheck(
        folder: folder, runner: runner, printOut: printOut, exercises: exercises
      ).run()
      return solved == 0 && problems == 0 ? 0 : 1
    case .mutants(let exercise, let listOnly):
      let check = MutationCheck(
        folder: folder, runner: runner, printOut: printOut,
        exercises: exercise.map { [$0] } ?? Exercise.all)
      if listOnly {
        try check.list()
        return 0
      }
      return try await check.run() == 0 ? 0 : 1
    case .watch:
      guard Terminal.isTerminal(.standardInput), Terminal.isTerminal(.standardOutput) else {
        throw .usage(
          "the watch mode needs a terminal; without one, use a command:\n\(PracticeCommand.usage)")
      }
      let store = try ProgressStore(directory: stateDirectory)
      return await WatchMode(folder: folder, runner: runner, progress: store).run()
    }
  }

  private func list() async throws(PracticeError) {
    let states = try await ProgressStore(directory: stateDirectory).states()
    let passed = states.values.filter { $0 == .passed }.count
    printOut("\(passed) of \(Exercise.all.count) exercises pass.")
    for exercise in Exercise.all {
      let state = states[exercise.number] ?? .pending
      let number = exercise.number < 10 ? " \(exercise.number)" : "\(exercise.number)"
      printOut("\(number)  \(state.label)  \(exercise.title)  (\(exercise.filePath))")
    }
  }

  private func run(_ exercise: Exercise) async throws(PracticeError) -> Int32 {
    printOut("\(exercise.heading): building and testing…")
    let report: RunReport
    do {
      report = try await runner.run(exercise)
    } catch {
      throw .processFailed("\(error)")
    }
    let store = try ProgressStore(directory: stateDirectory)
    switch report.verdict {
    case .passed:
      try await store.record(.passed, for: exercise.number)
      printOut("✓ Exercise \(exercise.number) passes (\(Self.format(report.seconds))).")
      return 0
    case .failed(let failure):
      try await store.record(.failing, for: exercise.number)
      let stage = failure.stage == .build ? "does not build" : "fails"
      printOut("✗ Exercise \(exercise.number) \(stage) (\(Self.format(report.seconds))):")
      for line in failure.lines { printOut("  \(line)") }
      printOut("Stuck? practice hint \(exercise.number)")
      return 1
    }
  }

  /// `3.2 s`.
  static func format(_ seconds: Double) -> String {
    "\((seconds * 10).rounded() / 10) s"
  }
}

// What the watch mode does on a key, a saved file or a finished run, and how it redraws.

import Foundation
import TerminalUI

/// The watch mode's behaviour while it owns the terminal.
@MainActor final class WatchSession {
  let state: WatchState
  private let terminal: TerminalSession
  private let folder: PracticeFolder
  private let runner: ExerciseRunner
  private let progress: ProgressStore
  private var renderer = FrameRenderer(
    colors: ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
  private var running: Task<Void, Never>?
  private var lastSeen: Date?

  init(
    state: WatchState, terminal: TerminalSession, folder: PracticeFolder, runner: ExerciseRunner,
    progress: ProgressStore
  ) {
    self.state = state
    self.terminal = terminal
    self.folder = folder
    self.runner = runner
    self.progress = progress
    lastSeen = folder.modificationDate(of: state.current)
  }

  /// Draws the state, writing only what changed on screen.
  func draw() {
    try? terminal.write(renderer.update(to: WatchScreen.frame(for: state)))
  }

  /// Draws the whole screen afresh, after the terminal was given back and taken again.
  func redraw() {
    renderer.invalidate()
    draw()
  }

  /// Acts on one key.
  func handle(_ key: Key) async {
    if state.showsList {
      handleInList(key)
    } else {
      switch key {
      case .character("q"), .control("c"), .control("d"):
        state.exitStatus = key == .character("q") ? 0 : 130
      case .character("h"):
        state.hintsShown = state.hintsShown >= 2 ? 0 : state.hintsShown + 1
      case .character("l"):
        state.showsList = true
        state.listSelection = state.current.number
      case .character("n"), .right:
        switchTo(state.neighbour(1))
      case .character("p"), .left:
        switchTo(state.neighbour(-1))
      case .character("r"):
        startRun()
      default:
        return
      }
    }
    draw()
  }

  private func handleInList(_ key: Key) {
    switch key {
    case .character("q"), .control("c"), .control("d"):
      state.exitStatus = key == .character("q") ? 0 : 130
    case .up, .character("k"):
      state.listSelection = max(state.listSelection - 1, 1)
    case .down, .character("j"):
      state.listSelection = min(state.listSelection + 1, Exercise.all.count)
    case .enter:
      state.showsList = false
      switchTo(Exercise.all[state.listSelection - 1])
    case .character("l"), .escape:
      state.showsList = false
    default:
      break
    }
  }

  /// Shows `exercise` and runs it.
  private func switchTo(_ exercise: Exercise) {
    guard exercise != state.current else { return }
    state.message = nil
    state.show(exercise)
    lastSeen = folder.modificationDate(of: exercise)
    startRun()
  }

  /// Starts a build and test of the current exercise, cancelling one under way.
  func startRun() {
    running?.cancel()
    let exercise = state.current
    state.status = .running
    draw()
    running = Task {
      let report: RunReport
      do {
        report = try await runner.run(exercise)
      } catch {
        guard !Task.isCancelled else { return }
        let failure = FailureSummary(stage: .build, location: nil, message: "\(error)")
        report = RunReport(verdict: .failed(failure), seconds: 0, log: "")
      }
      guard !Task.isCancelled, state.current == exercise else { return }
      await finish(exercise, with: report)
    }
  }

  /// Stops the run under way, if any.
  func cancelRun() {
    running?.cancel()
    running = nil
  }

  /// Records the verdict, shows it, and moves on to the next exercise when this one passes.
  private func finish(_ exercise: Exercise, with report: RunReport) async {
    let newState: ExerciseProgress.State = report.verdict.passed ? .passed : .failing
    state.states[exercise.number] = newState
    try? await progress.record(newState, for: exercise.number)
    state.status = .finished(report.verdict, seconds: report.seconds)
    if report.verdict.passed, let next = state.nextUnfinished {
      state.message =
        "✓ Exercise \(exercise.number) passes (\(PracticeTool.format(report.seconds))). "
        + "On to exercise \(next.number)."
      state.show(next)
      lastSeen = folder.modificationDate(of: next)
      draw()
      startRun()
      return
    }
    if report.verdict.passed {
      state.message = "✓ Every exercise passes. Well done."
    }
    draw()
  }

  /// Polls the current file's modification date and starts a run when it changes.
  func watchFile() async {
    while !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(250))
      let seen = folder.modificationDate(of: state.current)
      guard seen != lastSeen else { continue }
      lastSeen = seen
      state.message = nil
      startRun()
    }
  }
}

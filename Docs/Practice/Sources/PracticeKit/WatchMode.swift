// The full-screen watch mode: re-runs the current exercise whenever its file is saved.

import Foundation
import TerminalUI

/// Owns the terminal, watches the current exercise's file, and shows each run's verdict.
///
/// Keys arrive from a ``KeyReader``; a task polls the file's modification date four times a
/// second; a run is a child `swift build` then `swift test`, cancelled when a newer save
/// arrives. The terminal is restored on every way out: `q`, Ctrl-C, SIGINT, SIGTERM, SIGHUP
/// (through ``TerminalSignals``) and a crash (through the session's crash guard).
@MainActor struct WatchMode {
  var folder: PracticeFolder
  var runner: ExerciseRunner
  var progress: ProgressStore
  /// Whether to run the current exercise at start; tests of the screen turn it off.
  var runsAtStart = ProcessInfo.processInfo.environment["PRACTICE_NO_RUN"] == nil

  /// Runs until the learner quits or a signal arrives; returns the exit status.
  func run() async -> Int32 {
    let state = WatchState(current: await progress.current(), states: await progress.states())
    do {
      return try await runInTerminal(state)
    } catch {
      FileHandle.standardError.write(Data("practice: \(error)\n".utf8))
      return 1
    }
  }

  private func runInTerminal(_ state: WatchState) async throws(TerminalError) -> Int32 {
    let terminal = TerminalSession()
    try terminal.enter()
    defer { terminal.restore() }
    let reader = try KeyReader()
    defer { reader.stop() }
    let session = WatchSession(
      state: state, terminal: terminal, folder: folder, runner: runner, progress: progress)
    let signals = try TerminalSignals { signal in
      switch signal {
      case .windowChanged:
        state.size = terminal.size
        session.draw()
      case .interrupt, .terminate, .hangUp:
        state.exitStatus = 128 + signal.number
        reader.stop()
      case .suspend, .resume:
        // Stopped from outside (kill -TSTP): the shell gets the terminal back while stopped;
        // on SIGCONT, raw mode again and the whole screen drawn afresh.
        terminal.restore()
        if signal == .suspend { TerminalSignals.suspendProcess() }
        guard (try? terminal.enter()) != nil else {
          state.exitStatus = 1
          reader.stop()
          return
        }
        state.size = terminal.size
        session.redraw()
      }
    }
    defer { signals.stop() }
    state.size = terminal.size
    session.draw()
    if runsAtStart { session.startRun() }
    let watching = Task { await session.watchFile() }
    defer {
      watching.cancel()
      session.cancelRun()
    }
    for await key in reader.keys {
      await session.handle(key)
      if state.exitStatus != nil { break }
    }
    return state.exitStatus ?? 0
  }
}

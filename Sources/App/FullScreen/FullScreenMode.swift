// Runs the full-screen mode: owns the terminal, draws frames as state changes, maps keys to actions.

import CommandLineKit
import Foundation
import LocalStore
import Models
import TerminalUI
import ViewModels

/// The interactive front end that `questions` opens when both ends are a terminal.
///
/// The loop is the lesson of the whole package in miniature:
/// 1. keys arrive from ``/TerminalUI/KeyReader`` and the ``KeyTable`` turns them into actions;
/// 2. ``FullScreenState/perform(_:)`` calls the view models, which change their state;
/// 3. an ``ObservationLoop`` over ``FrameComposer/frame(for:)`` (an `Observations` sequence
///    where the platform has one) notices the change and yields a new frame, which
///    ``/TerminalUI/FrameRenderer`` turns into one write of escape sequences.
/// Nothing calls "redraw" by hand: a terminal resize only sets ``FullScreenState/size``.
struct FullScreenMode {
  /// The view models the mode drives.
  var state: FullScreenState
  /// Whether colours are allowed (`NO_COLOR`, `--no-color` and `TERM=dumb` say no).
  var colors: Bool

  /// Takes over the terminal until the user quits or a signal arrives, restores it on every
  /// way out, and returns the exit status.
  ///
  /// `q` returns 0 and Ctrl-C 130. SIGINT, SIGTERM and SIGHUP end the run like a key would,
  /// so the terminal is restored, and return the status a shell gives a process the signal
  /// ended: 128 plus its number. A crash is covered by the session's ``/TerminalUI/TerminalCrashGuard``.
  func run() async throws(AppError) -> Int32 {
    do {
      return try await runInTerminal()
    } catch {
      throw .terminal(error)
    }
  }

  private func runInTerminal() async throws(TerminalError) -> Int32 {
    let terminal = TerminalSession()
    try terminal.enter()
    defer { terminal.restore() }
    let reader = try KeyReader()
    defer { reader.stop() }
    let state = state
    let signals = try TerminalSignals { [colors] signal in
      switch signal {
      case .windowChanged: state.size = terminal.size
      case .interrupt, .terminate, .hangUp:
        state.finish(status: 128 + signal.number)
        reader.stop()
      case .suspend:
        // The shell gets its terminal back, cooked and on the main screen, while stopped.
        terminal.restore()
        TerminalSignals.suspendProcess()
        Self.takeTerminalBack(terminal, state: state, colors: colors)
      case .resume:
        Self.takeTerminalBack(terminal, state: state, colors: colors)
      }
    }
    defer { signals.stop() }
    state.size = terminal.size
    let drawing = Task { [colors] in
      var renderer = FrameRenderer(colors: colors)
      await ObservationLoop.run({ FrameComposer.frame(for: state) }) { frame in
        do {
          try terminal.write(renderer.update(to: frame))
        } catch {
          state.finish(status: ExitCode.failure)  // The terminal is gone: nothing to draw on.
          reader.stop()
        }
      }
    }
    defer { drawing.cancel() }
    // The list follows the store, so it can change with no key pressed: the selection
    // stays on its question, or on its row when that question was deleted.
    let anchoring = Task {
      await ObservationLoop.run({ state.list.questions }) { _ in state.anchorSelection() }
    }
    defer { anchoring.cancel() }
    for await key in reader.keys {
      // Raw mode turns Ctrl-Z into a key: suspend as a cooked terminal would, through the
      // SIGTSTP handling above.
      if key == .control("z") {
        kill(getpid(), SIGTSTP)
        continue
      }
      if let action = KeyTable.action(for: key, on: state.page) {
        await state.perform(action)
      }
      if state.exitStatus != nil { break }
    }
    return state.exitStatus ?? ExitCode.success
  }

  /// After the process was stopped and continued: raw mode and the alternate screen again
  /// (a shell may have changed both meanwhile), the current size, and the whole frame drawn
  /// afresh, since the screen no longer holds what the renderer last drew.
  ///
  /// The run loop's renderer keeps diffing against the frame it drew last; cells it rewrites
  /// already hold what this draws, so the two never disagree on the screen.
  private static func takeTerminalBack(
    _ terminal: TerminalSession, state: FullScreenState, colors: Bool
  ) {
    terminal.restore()
    do {
      try terminal.enter()
    } catch {
      state.finish(status: ExitCode.failure)
      return
    }
    state.size = terminal.size
    var renderer = FrameRenderer(colors: colors)
    try? terminal.write(renderer.update(to: FrameComposer.frame(for: state)))
  }
}

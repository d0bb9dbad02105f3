// Runs the full-screen app: owns the terminal, follows the stores, draws frames as state changes, hands keys over.

import CommandLineKit
import Foundation
import Observation
import TerminalUI
import ViewModels

/// The interactive front end that `__EXECUTABLE__` opens when both ends are a terminal.
///
/// 1. Keys arrive from ``KeyReader``; ``ListScreen/handle(_:)`` turns each into calls on the
///    view models, which change their state.
/// 2. An `ObservationLoop` over ``ListFrame/frame(for:)`` notices the change and yields
///    a new frame, which ``FrameRenderer`` turns into one write of escape sequences.
/// 3. ``__NAME__Model/followChanges()`` runs in a task cancelled on the way out, so a change
///    another window or process makes shows up as it is stored.
/// Nothing calls "redraw" by hand: a terminal resize only sets ``ListScreen/size``.
struct FullScreenMode {
  /// The flows the screen drives.
  var model: __NAME__Model
  /// The background sync, when the folder syncs: it runs while the screen is open, and the
  /// title bar shows where it stands.
  var sync: __NAME__Sync?
  /// Whether frames may use colour and bold: not with `--no-color`, `NO_COLOR` or
  /// `TERM=dumb`.
  var colors = true

  /// Takes over the terminal until the person quits or a signal arrives, restores it on every
  /// way out, and returns the exit status: 0 for `q`, 130 for Ctrl-C, and 128 plus the
  /// signal's number for SIGINT, SIGTERM and SIGHUP. A crash is covered by the session's crash
  /// guard.
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
    let screen = ListScreen(
      model: model, size: terminal.size, sync: sync?.status, syncConflicts: sync?.conflicts)
    let signals = try TerminalSignals { signal in
      switch signal {
      case .windowChanged:
        screen.size = terminal.size
        screen.select(screen.selection)
      case .interrupt, .terminate, .hangUp:
        screen.finish(status: 128 + signal.number)
        reader.stop()
      case .suspend, .resume:
        // Stopped from outside (kill -TSTP): the shell gets the terminal back while stopped;
        // on SIGCONT, raw mode again and the whole frame drawn afresh.
        terminal.restore()
        if signal == .suspend { TerminalSignals.suspendProcess() }
        guard (try? terminal.enter()) != nil else {
          screen.finish(status: ExitCode.failure)
          reader.stop()
          return
        }
        screen.size = terminal.size
        var fresh = FrameRenderer(colors: colors)
        try? terminal.write(fresh.update(to: ListFrame.frame(for: screen)))
      }
    }
    defer { signals.stop() }
    let drawing = Task {
      var renderer = FrameRenderer(colors: colors)
      // Observations on macOS 26, iOS 26 and Linux; withObservationTracking below them.
      await ObservationLoop.run({ ListFrame.frame(for: screen) }) { frame in
        do {
          try terminal.write(renderer.update(to: frame))
        } catch {
          screen.finish(status: ExitCode.failure)  // The terminal is gone: nothing to draw on.
          reader.stop()
        }
      }
    }
    defer { drawing.cancel() }
    let following = Task { await model.followChanges() }
    defer { following.cancel() }
    let syncing = Task { await sync?.keepSynced() }
    defer { syncing.cancel() }
    for await key in reader.keys {
      await screen.handle(key)
      if screen.exitStatus != nil { break }
    }
    return screen.exitStatus ?? ExitCode.success
  }
}

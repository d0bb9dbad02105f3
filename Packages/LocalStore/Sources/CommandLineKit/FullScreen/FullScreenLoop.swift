// Runs a full-screen app: owns the terminal, draws frames as state changes, hands keys over.

import Foundation
import TerminalUI

/// The loop of every full-screen app built on this package: the terminal, its signals, the
/// frames and the keys, around a ``FullScreenContent`` that is the app's own.
///
/// The loop is the lesson of the whole package in miniature:
/// 1. keys arrive from ``/TerminalUI/KeyReader`` and ``FullScreenContent/handle(_:)`` turns
///    each into calls on the view models, which change their state;
/// 2. an ``ObservationLoop`` over ``FullScreenContent/frame()`` notices the change and yields
///    a new frame, which ``/TerminalUI/FrameRenderer`` turns into one write of escape
///    sequences;
/// 3. what runs beside the screen (following the stores, a background sync) runs in tasks
///    cancelled on the way out, so a change another process makes shows up as it is stored.
///
/// Nothing calls "redraw" by hand: a terminal resize only sets ``FullScreenContent/size``.
public struct FullScreenLoop {
  /// Whether frames may use colour and bold: not with `--no-color`, `NO_COLOR` or
  /// `TERM=dumb`.
  public var colors: Bool

  /// A loop that draws with colours or without.
  public init(colors: Bool) {
    self.colors = colors
  }

  /// Takes over the terminal until `content` finishes or a signal arrives, restores it on
  /// every way out, and returns the exit status.
  ///
  /// SIGINT, SIGTERM and SIGHUP end the run like a key would, so the terminal is restored, and
  /// return the status a shell gives a process the signal ended: 128 plus its number. Ctrl-Z
  /// (a key in raw mode) and SIGTSTP stop the process with the shell's terminal given back,
  /// cooked and on the main screen; SIGCONT takes it again and draws the whole frame afresh.
  /// A crash is covered by the session's ``/TerminalUI/TerminalCrashGuard``.
  ///
  /// - Parameters:
  ///   - content: The app's screen state.
  ///   - alongside: Work that lasts as long as the screen, each in a task of its own that is
  ///     cancelled on the way out, such as a list's `followChanges()`.
  /// - Throws: When the terminal cannot be taken over.
  @MainActor
  public func run(
    _ content: some FullScreenContent,
    alongside: [@MainActor () async -> Void] = []
  ) async throws(TerminalError) -> Int32 {
    let terminal = TerminalSession()
    try terminal.enter()
    defer { terminal.restore() }
    let reader = try KeyReader()
    defer { reader.stop() }
    let signals = try TerminalSignals { [colors] signal in
      switch signal {
      case .windowChanged: content.size = terminal.size
      case .interrupt, .terminate, .hangUp:
        content.finish(status: 128 + signal.number)
        reader.stop()
      case .suspend:
        terminal.restore()
        TerminalSignals.suspendProcess()
        Self.takeTerminalBack(terminal, reader: reader, content: content, colors: colors)
      case .resume:
        Self.takeTerminalBack(terminal, reader: reader, content: content, colors: colors)
      }
    }
    defer { signals.stop() }
    content.size = terminal.size
    let drawing = Task { [colors] in
      var renderer = FrameRenderer(colors: colors)
      await ObservationLoop.run({ content.frame() }) { frame in
        do {
          try terminal.write(renderer.update(to: frame))
        } catch {
          content.finish(status: ExitCode.failure)  // The terminal is gone: nothing to draw on.
          reader.stop()
        }
      }
    }
    defer { drawing.cancel() }
    let beside = alongside.map { work in Task { await work() } }
    defer { for task in beside { task.cancel() } }
    for await key in reader.keys {
      // Raw mode turns Ctrl-Z into a key: suspend as a cooked terminal would, through the
      // SIGTSTP handling above.
      if key == .control("z") {
        kill(getpid(), SIGTSTP)
        continue
      }
      await content.handle(key)
      if content.exitStatus != nil { break }
    }
    return content.exitStatus ?? ExitCode.success
  }

  /// After the process was stopped and continued: raw mode and the alternate screen again
  /// (a shell may have changed both meanwhile), the current size, and the whole frame drawn
  /// afresh, since the screen no longer holds what the renderer last drew. A terminal that
  /// cannot be taken again ends the run.
  ///
  /// The run loop's renderer keeps diffing against the frame it drew last; cells it rewrites
  /// already hold what this draws, so the two never disagree on the screen.
  @MainActor
  private static func takeTerminalBack(
    _ terminal: TerminalSession, reader: KeyReader, content: some FullScreenContent,
    colors: Bool
  ) {
    terminal.restore()
    do {
      try terminal.enter()
    } catch {
      content.finish(status: ExitCode.failure)
      reader.stop()
      return
    }
    content.size = terminal.size
    var renderer = FrameRenderer(colors: colors)
    try? terminal.write(renderer.update(to: content.frame()))
  }
}

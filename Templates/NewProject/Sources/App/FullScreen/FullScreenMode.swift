// Runs the full-screen app: the shared full-screen loop over this app's pages, stores and sync.

import CommandLineKit
import TerminalUI
import ViewModels

/// The interactive front end that `__EXECUTABLE__` opens when both ends are a terminal.
///
/// The terminal, its signals, the frames and the keys are `CommandLineKit`'s
/// ``/CommandLineKit/FullScreenLoop``, the same loop as every app the store's package serves:
/// ``ListScreen/handle(_:)`` turns each key into calls on the view models, and every change
/// they make to what ``ListFrame/frame(for:)`` read draws a new frame. Beside it,
/// ``__NAME__Model/followChanges()`` keeps the lists current, so a change another window or
/// process makes shows up as it is stored, and the background sync runs when the folder
/// syncs.
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
  /// signal's number for SIGINT, SIGTERM and SIGHUP.
  func run() async throws(AppError) -> Int32 {
    let (model, sync) = (model, sync)
    // The loop sets the terminal's size before the first frame.
    let screen = ListScreen(
      model: model, size: TerminalSize(columns: 80, rows: 24), sync: sync?.status,
      syncConflicts: sync?.conflicts)
    do {
      return try await FullScreenLoop(colors: colors).run(
        screen,
        alongside: [{ await model.followChanges() }, { await sync?.keepSynced() }])
    } catch {
      throw .terminal(error)
    }
  }
}

extension ListScreen: FullScreenContent {
  /// The frame of what is shown now.
  func frame() -> Frame {
    ListFrame.frame(for: self)
  }
}

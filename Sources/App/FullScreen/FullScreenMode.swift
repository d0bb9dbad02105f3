// Runs the full-screen mode: the shared full-screen loop over the question bank's pages.

import CommandLineKit
import FlowKit
import TerminalUI

/// The interactive front end that `questions` opens when both ends are a terminal.
///
/// The terminal, its signals, the frames and the keys are `CommandLineKit`'s
/// ``/CommandLineKit/FullScreenLoop``, the same loop as every app made from the template's:
/// keys become actions through the ``KeyTable``, ``FullScreenState/perform(_:)`` calls the
/// view models, and every change they make to what ``FrameComposer/frame(for:)`` read draws a
/// new frame. Beside it, the selection follows the list as the list follows the store.
struct FullScreenMode {
  /// The view models the mode drives.
  var state: FullScreenState
  /// Whether colours are allowed (`NO_COLOR`, `--no-color` and `TERM=dumb` say no).
  var colors: Bool

  /// Takes over the terminal until the user quits or a signal arrives, restores it on every
  /// way out, and returns the exit status: 0 for `q`, 130 for Ctrl-C, and 128 plus the
  /// signal's number for SIGINT, SIGTERM and SIGHUP.
  func run() async throws(AppError) -> Int32 {
    let state = state
    // The list follows the store, so it can change with no key pressed: the selection stays
    // on its question, or on its row when that question was deleted.
    let anchoring: @MainActor () async -> Void = {
      await ObservationLoop.run({ state.list.items }) { _ in state.anchorSelection() }
    }
    do {
      return try await FullScreenLoop(colors: colors).run(state, alongside: [anchoring])
    } catch {
      throw .terminal(error)
    }
  }
}

extension FullScreenState: FullScreenContent {
  /// The frame of what is shown now.
  func frame() -> Frame {
    FrameComposer.frame(for: self)
  }

  /// Does what `key` means on the page shown, when it means anything there.
  func handle(_ key: Key) async {
    if let action = KeyTable.action(for: key, on: page) {
      await perform(action)
    }
  }
}

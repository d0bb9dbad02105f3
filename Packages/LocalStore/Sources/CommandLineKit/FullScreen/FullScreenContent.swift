// What a full-screen loop drives: a screen's state, which draws itself and takes keys.

import TerminalUI

/// The state of a full-screen app as ``FullScreenLoop`` drives it: it draws itself as a
/// frame, takes keys, and says when it is done.
///
/// The loop redraws whenever observable state that ``frame()`` read changes, so the state is
/// `@Observable` and nothing in it calls "redraw".
@MainActor
public protocol FullScreenContent: AnyObject {
  /// The terminal's size, which the loop sets before the first frame and after every resize
  /// or return from a suspension.
  var size: TerminalSize { get set }

  /// The status the app exits with once it is done; `nil` while it runs.
  var exitStatus: Int32? { get }

  /// Ends the run with `status`, as a key such as `q` does; the loop calls it for a signal
  /// or a terminal that is gone.
  func finish(status: Int32)

  /// The frame showing the state now.
  func frame() -> Frame

  /// Does what `key` means on what is shown now.
  func handle(_ key: Key) async
}

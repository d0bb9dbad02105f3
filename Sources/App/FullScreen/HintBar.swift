// Fits the hint bar's entries into one row, keeping help and quit whatever the width.

import TerminalUI

/// The text of the hint bar.
enum HintBar {
  /// The actions whose hints stay when the row is too narrow for all of them: the ways to get
  /// help and to get out.
  static let pinned: Set<Action> = [.showHelp, .quit, .goBack]

  /// The hints of `bindings` joined by two spaces in at most `width` columns.
  ///
  /// When they do not all fit, entries are dropped from the end of the unpinned ones, and
  /// the pinned ones (help, back and quit) stay, so a narrow terminal still says how to get
  /// help and how to leave.
  static func text(_ bindings: [KeyBinding], width: Int) -> String {
    let all = bindings.compactMap(\.hint)
    let full = all.joined(separator: "  ")
    guard DisplayWidth.of(full) > width else { return full }
    let kept = bindings.filter { pinned.contains($0.action) }.compactMap(\.hint)
    var shown: [String] = []
    for binding in bindings where !pinned.contains(binding.action) {
      guard let hint = binding.hint else { continue }
      let candidate = (shown + [hint] + kept).joined(separator: "  ")
      guard DisplayWidth.of(candidate) <= width else { break }
      shown.append(hint)
    }
    return (shown + kept).joined(separator: "  ")
  }
}

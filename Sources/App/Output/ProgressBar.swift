// A progress bar on standard error for long imports and exports, or one final line when piped.

import Models

/// Shows how far a long import or export has got.
///
/// Only runs of more than ``threshold`` rows show anything. When standard error is a
/// terminal, the bar is redrawn in place with `\r` each time the whole percentage changes, so
/// at most about a hundred times, and ``finish(_:)`` replaces it with its final line. When
/// standard error is a file or a pipe, nothing is drawn and ``finish(_:)`` writes that final
/// line alone, so logs get one line instead of a hundred carriage returns.
final class ProgressBar {
  /// The number of rows above which progress is shown.
  static let threshold = 2_000
  /// The number of cells of the bar itself.
  static let width = 24

  private let label: String
  private let isTerminal: Bool
  private let write: (String) -> Void
  private var drawnPercent: Int?
  private var showsStatus = false
  /// The most rows reported so far.
  private(set) var rows = 0

  /// A bar labelled `label`, drawn through `write` only if `isTerminal`.
  init(label: String, isTerminal: Bool, write: @escaping (String) -> Void) {
    self.label = label
    self.isTerminal = isTerminal
    self.write = write
  }

  /// Whether the run is long enough to show progress.
  var isShown: Bool { rows > Self.threshold }

  /// Records `progress`, redrawing the bar when its percentage changed.
  func update(_ progress: InterchangeProgress) {
    rows = max(rows, progress.rows)
    guard isTerminal, isShown else { return }
    let percent = min(100, max(0, Int(progress.fraction * 100)))
    guard percent != drawnPercent else { return }
    drawnPercent = percent
    let filled = percent * Self.width / 100
    let bar =
      String(repeating: "#", count: filled)
      + String(repeating: ".", count: Self.width - filled)
    write("\r\(label) [\(bar)] \(percent)%  \(progress.rows) rows")
  }

  /// Shows a one-line status in place of the bar, on a terminal and for a long run only,
  /// such as "Saving 100000 questions...", until ``finish(_:)`` or ``clear()``.
  func showStatus(_ text: String) {
    guard isTerminal, isShown else { return }
    write(Self.clearLine + text)
    showsStatus = true
  }

  /// Removes the bar or status from the terminal.
  func clear() {
    guard isTerminal, drawnPercent != nil || showsStatus else { return }
    write(Self.clearLine)
    drawnPercent = nil
    showsStatus = false
  }

  /// Ends with `line`, such as "Read 100000 rows from big.csv.", if the run was long.
  func finish(_ line: String) {
    guard isShown else { return }
    clear()
    write(line + "\n")
  }

  /// A carriage return and the ANSI sequence that erases to the end of the line.
  private static let clearLine = "\r\u{1B}[K"
}

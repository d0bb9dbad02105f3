// Labelled horizontal bars drawn with block characters, each line exactly as wide as asked.

import TerminalUI

/// Renders bars such as `actors      ██████████████▌       7/10  70%` as text lines.
///
/// Every line is exactly `width` terminal columns, measured with ``/TerminalUI/DisplayWidth`` so a CJK
/// or emoji label counts two per character: a label column
/// (left-aligned, cut with `…` when too long), a bar column drawn in eighths of a cell with
/// `█` and `▏▎▍▌▋▊▉`, and a caption column (right-aligned). When the width is short, the
/// caption keeps its room first, then a label of at least a few characters, then the bar gets
/// at least a fifth of the width, and what is left goes to the label and then the bar. Below
/// that the bar disappears before the caption is cut.
///
/// A pure function of its input, independent of any command, so both `questions stats` and a
/// full-screen statistics view can draw with it.
nonisolated struct BarChart {
  /// One bar of the chart.
  struct Bar: Equatable, Sendable {
    /// The text in the label column, such as a tag or a date.
    var label: String
    /// How full the bar is, from 0 to 1; values outside are clamped, NaN counts as 0.
    var value: Double
    /// The text after the bar, such as `7/10  70%`.
    var caption: String
  }

  /// The partial cells, one to seven eighths wide.
  private static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  /// The label shown at least, in columns, when the label is that long.
  private static let shortestLabel = 4

  /// One line per bar, each exactly `width` columns; empty strings when `width` < 1.
  static func lines(_ bars: [Bar], width: Int) -> [String] {
    let width = max(0, width)
    let columns = Columns(
      width: width, label: bars.map { DisplayWidth.of($0.label) }.max() ?? 0,
      caption: bars.map { DisplayWidth.of($0.caption) }.max() ?? 0)
    return bars.map { bar in
      var parts: [String] = []
      if columns.label > 0 {
        parts.append(padded(clipped(bar.label, to: columns.label), columns.label))
      }
      if columns.bar > 0 { parts.append(cells(bar.value, width: columns.bar)) }
      if columns.caption > 0 {
        let caption = clipped(bar.caption, to: columns.caption)
        let indent = columns.caption - DisplayWidth.of(caption)
        parts.append(String(repeating: " ", count: max(0, indent)) + caption)
      }
      return padded(parts.joined(separator: " "), width)
    }
  }

  /// `text` cut to `width` terminal columns, ending with `…` when something was cut.
  static func clipped(_ text: String, to width: Int) -> String {
    TextWrapper.truncated(text, width: width)
  }

  /// `value` as a bar of `width` cells, in eighths of a cell, padded with spaces.
  static func cells(_ value: Double, width: Int) -> String {
    let fraction = value.isNaN ? 0 : min(max(value, 0), 1)
    var eighths = Int((fraction * Double(width) * 8).rounded())
    if eighths == 0, fraction > 0 { eighths = 1 }  // A value above zero always shows.
    var bar = String(repeating: "█", count: eighths / 8)
    if eighths % 8 > 0 { bar.append(Self.eighths[eighths % 8 - 1]) }
    return padded(bar, width)
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
  }

  /// How the width is shared between the three columns; a column of 0 is left out with its
  /// separating space.
  private struct Columns {
    var label = 0
    var bar = 0
    var caption = 0

    init(width: Int, label longestLabel: Int, caption longestCaption: Int) {
      let shortLabel = min(longestLabel, BarChart.shortestLabel)
      caption = min(longestCaption, max(0, width - (shortLabel > 0 ? shortLabel + 1 : 0)))
      var rest = width - caption
      if caption > 0, rest > 0 { rest -= 1 }  // The space before the caption.
      let wantedBar = max(1, width / 5)
      label = min(longestLabel, rest, max(shortLabel, rest - 1 - wantedBar))
      bar = max(0, rest - label - (label > 0 ? 1 : 0))
    }
  }
}

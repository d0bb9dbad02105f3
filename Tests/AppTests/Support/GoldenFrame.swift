// Compares a rendered frame with a committed text fixture, and rewrites fixtures on request.

import Foundation
import TerminalUI
import Testing

@testable import App

/// Golden files for frames: `Tests/AppTests/Fixtures/Frames/<name>.txt`.
///
/// A fixture holds the frame's rows as text between two rulers, so trailing spaces and the
/// frame's size are visible in a diff. Run the tests with `UPDATE_GOLDEN_FRAMES=1` to write
/// the fixtures from the current rendering, then read the diff before committing it.
enum GoldenFrame {
  /// The folder of the fixtures, found from this source file.
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Frames")

  /// The fixture text of `frame`: a ruler, one line per row ending in `|`, a ruler.
  static func text(of frame: Frame) -> String {
    let ruler = "+" + String(repeating: "-", count: frame.columns) + "+\n"
    let rows = (0..<frame.rows).map { row in
      let cells = (0..<frame.columns).map { frame[row, $0].text }.joined()
      return "|" + cells + "|\n"
    }
    return ruler + rows.joined() + ruler
  }

  /// Expects `frame` to match the fixture `name`, or writes it when updating.
  static func expect(
    _ frame: Frame, matches name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = directory.appendingPathComponent(name + ".txt")
    let actual = text(of: frame)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN_FRAMES"] == "1" {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(
      actual == expected,
      "frame differs from \(name).txt; rerun with UPDATE_GOLDEN_FRAMES=1 to see the diff",
      sourceLocation: sourceLocation)
  }
}

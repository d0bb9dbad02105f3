// Draws the watch mode's state into a frame: the exercise and its verdict, or the list.

import TerminalUI

/// Turns ``WatchState`` into a ``Frame``; a pure function, so tests can read what it shows.
@MainActor enum WatchScreen {
  /// The keys, on the bottom row.
  static let keys = "h hint  l list  n next  p previous  r run again  q quit"

  /// The frame for `state` at its size.
  static func frame(for state: WatchState) -> Frame {
    var frame = Frame(columns: state.size.columns, rows: state.size.rows)
    let width = frame.columns
    let title = " Practice: \(state.passedCount) of \(Exercise.all.count) pass"
    frame.write(title, row: 0, column: 0, style: .bold)
    frame.paint(row: 0, style: .reversed)
    var row = 2
    if state.showsList {
      drawList(state, into: &frame, row: &row)
    } else {
      drawExercise(state, into: &frame, row: &row)
    }
    let bottom = frame.rows - 1
    frame.write(
      state.showsList ? "↑↓ select  enter open  l back  q quit" : keys, row: bottom, column: 1,
      style: .dim, width: width - 2)
    return frame
  }

  private static func drawExercise(_ state: WatchState, into frame: inout Frame, row: inout Int) {
    let exercise = state.current
    let width = frame.columns - 2
    let last = frame.rows - 2
    frame.write(exercise.heading, row: row, column: 1, style: .bold, width: width)
    row += 2
    for paragraph in exercise.explanation {
      for line in TextWrapper.lines(paragraph, width: width) where row < last {
        frame.write(line, row: row, column: 1)
        row += 1
      }
    }
    row += 1
    for (text, style) in statusLines(state, width: width) where row < last {
      frame.write(text, row: row, column: 1, style: style, width: width)
      row += 1
    }
    if let message = state.message, row < last {
      row += 1
      for line in TextWrapper.lines(message, width: width, maxLines: 2) where row < last {
        frame.write(line, row: row, column: 1, style: CellStyle.bold.colored(.green))
        row += 1
      }
    }
    for (index, hint) in exercise.hints.prefix(state.hintsShown).enumerated() {
      row += 1
      for line in TextWrapper.lines("Hint \(index + 1): \(hint)", width: width) where row < last {
        frame.write(line, row: row, column: 1, style: CellStyle.plain.colored(.cyan))
        row += 1
      }
    }
  }

  /// The verdict, as a headline and at most six lines of detail.
  static func statusLines(_ state: WatchState, width: Int) -> [(String, CellStyle)] {
    switch state.status {
    case .notRun:
      return [("Not run yet: save the file, or press r.", .dim)]
    case .running:
      return [("Building and testing…", CellStyle.plain.colored(.yellow))]
    case .finished(.passed, let seconds):
      return [("✓ Passes (\(PracticeTool.format(seconds))).", CellStyle.bold.colored(.green))]
    case .finished(.failed(let failure), let seconds):
      let headline =
        failure.stage == .build
        ? "✗ Does not build (\(PracticeTool.format(seconds))):"
        : "✗ Fails (\(PracticeTool.format(seconds))):"
      var lines: [(String, CellStyle)] = [(headline, CellStyle.bold.colored(.red))]
      for line in failure.lines {
        for wrapped in TextWrapper.lines(line, width: width - 2, maxLines: 3) {
          lines.append(("  " + wrapped, .plain))
        }
      }
      return Array(lines.prefix(7))
    }
  }

  private static func drawList(_ state: WatchState, into frame: inout Frame, row: inout Int) {
    frame.write("All exercises", row: row, column: 1, style: .bold)
    row += 2
    for exercise in Exercise.all where row < frame.rows - 2 {
      let mark = (state.states[exercise.number] ?? .pending).label
      let number = exercise.number < 10 ? " \(exercise.number)" : "\(exercise.number)"
      let line = "\(number)  \(mark)  \(exercise.title)"
      let selected = exercise.number == state.listSelection
      frame.write(line, row: row, column: 1, width: frame.columns - 2)
      if selected { frame.paint(row: row, style: .reversed) }
      row += 1
    }
  }
}

// Draws the list page: the questions, the selected one's answer and tags.

import FlowKit
import Models
import TerminalUI
import ViewModels

/// The list of questions with a cursor, and the selected question's answer and tags below.
enum ListPage {
  /// Below this width the tags column is left out; the tags still show below the list.
  static let tagsColumnMinimumWidth = 50

  /// Draws the questions, the separator and the detail of the selected question.
  static func draw(_ state: FullScreenState, into frame: inout Frame) {
    let layout = ListLayout(size: state.size)
    let questions = state.list.items
    if questions.isEmpty {
      drawEmpty(state, into: &frame, row: layout.listTop + 1)
    }
    let end = min(state.scrollOffset + layout.listRows, questions.count)
    for (row, index) in zip(layout.listTop..., state.scrollOffset..<max(end, state.scrollOffset)) {
      drawRow(questions[index], isSelected: index == state.selection, row: row, into: &frame)
    }
    guard layout.showsDetail else { return }
    frame.write(
      String(repeating: "─", count: frame.columns), row: layout.separatorRow, column: 0,
      style: .dim)
    guard let question = state.selectedQuestion else { return }
    let lines = TextWrapper.lines(
      question.answer, width: frame.columns - 2, maxLines: layout.answerRows)
    for (offset, line) in lines.enumerated() {
      frame.write(line, row: layout.separatorRow + 1 + offset, column: 1)
    }
    let tags =
      question.tags.isEmpty
      ? "no tags"
      : question.tags.map { "#" + $0 }.joined(
        separator: " ")
    frame.write(
      tags, row: layout.tagsRow, column: 1,
      style: question.tags.isEmpty ? .dim : CellStyle.plain.colored(.cyan))
  }

  private static func drawRow(
    _ question: Question, isSelected: Bool, row: Int, into frame: inout Frame
  ) {
    var tagsWidth = 0
    if frame.columns >= tagsColumnMinimumWidth, !question.tags.isEmpty {
      let tags = question.tags.joined(separator: ", ")
      tagsWidth = min(DisplayWidth.of(tags), frame.columns / 3)
      frame.write(
        tags, row: row, column: frame.columns - tagsWidth - 1, style: CellStyle.dim.colored(.cyan),
        width: tagsWidth)
    }
    let promptWidth = frame.columns - 2 - (tagsWidth > 0 ? tagsWidth + 3 : 1)
    frame.write(question.prompt, row: row, column: 1, width: promptWidth)
    if isSelected { frame.paint(row: row, style: .reversed) }  // Over the styles above.
  }

  private static func drawEmpty(_ state: FullScreenState, into frame: inout Frame, row: Int) {
    if state.list.totalCount == 0 {
      frame.write("No questions yet.", row: row, column: 2, style: .bold)
      frame.write("Press a to add one.", row: row + 1, column: 2)
    } else if state.list.hasMoreToLoad {
      // A filter of a paged list covers only the pages read: "nothing matches" would be
      // false of the store.
      frame.write(
        "None of the \(state.list.loadedCount) questions read so far matches.", row: row,
        column: 2, style: .bold)
      frame.write(
        "The store holds \(state.list.totalCount); questions search WORDS looks through all.",
        row: row + 1, column: 2)
      frame.write("Press Esc to show every question.", row: row + 2, column: 2)
    } else {
      frame.write("Nothing matches the filter.", row: row, column: 2, style: .bold)
      frame.write("Press Esc to show every question.", row: row + 1, column: 2)
    }
  }
}

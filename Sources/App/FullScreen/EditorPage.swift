// Draws the form that adds or edits a question, with the view model's validation messages.

import TerminalUI
import ViewModels

/// The prompt, answer and tags fields, the focused one marked, each followed by its problem.
enum EditorPage {
  /// The width of the label column.
  static let labelWidth = 8

  /// Draws the fields from the top of the page down, as many lines each as fit.
  static func draw(_ state: FullScreenState, into frame: inout Frame) {
    guard let editor = state.editor else { return }
    let fields = QuestionEditorViewModel.Field.allCases
    let available = frame.rows - 4
    let problems = fields.filter { editor.problems[$0] != nil }.count
    let linesPerField = max(1, min(3, (available - problems) / fields.count - 1))
    var row = 2
    for field in fields {
      let isFocused = field == state.focusedField
      frame.write(
        label(field), row: row, column: 1, style: isFocused ? .reversed : .bold, width: labelWidth)
      let text = isFocused ? state.editableText?.textWithCursor ?? editor[field] : editor[field]
      let width = frame.columns - labelWidth - 3
      let maxLines = field == .tags ? 1 : linesPerField
      var lines = TextWrapper.lines(
        String(visiblePart(of: text, around: maxLines * max(width, 1))), width: width,
        maxLines: .max)
      if lines.count > maxLines {
        // Show the lines that end with the one holding the cursor.
        let cursorLine = lines.lastIndex { $0.contains(EditableText.cursorMark) } ?? 0
        let last = max(cursorLine, maxLines - 1)
        lines = Array(lines[(last - maxLines + 1)...last])
      }
      let firstRow = row
      for line in lines where row < frame.rows - 2 {
        frame.write(line, row: row, column: labelWidth + 2)
        row += 1
      }
      if field == .tags, editor[field].isEmpty, firstRow < row {
        // An empty tags field says how to fill it; a comma is the one separator.
        frame.write(
          tagsHint, row: firstRow, column: labelWidth + 4, style: .dim,
          width: max(0, frame.columns - labelWidth - 5))
      }
      if let problem = editor.problems[field], row < frame.rows - 2 {
        frame.write(problem, row: row, column: labelWidth + 2, style: CellStyle.plain.colored(.red))
        row += 1
      }
      if available > 8 { row += 1 }
    }
  }

  /// The part of `text` within `reach` characters of the cursor (its end if none), from a
  /// word's start: all the lines a field shows, without wrapping thousands of characters on
  /// every key.
  static func visiblePart(of text: String, around reach: Int) -> Substring {
    let cursor = text.lastIndex(of: EditableText.cursorMark) ?? text.endIndex
    var start = text.index(cursor, offsetBy: -reach, limitedBy: text.startIndex) ?? text.startIndex
    if start != text.startIndex {
      start = text[start..<cursor].firstIndex(of: " ").map(text.index(after:)) ?? start
    }
    let end = text.index(cursor, offsetBy: reach, limitedBy: text.endIndex) ?? text.endIndex
    return text[start..<end]
  }

  /// Shown in an empty tags field.
  static let tagsHint = "separate tags with commas, e.g. actors, concurrency"

  private static func label(_ field: QuestionEditorViewModel.Field) -> String {
    switch field {
    case .prompt: "Prompt"
    case .answer: "Answer"
    case .tags: "Tags"
    }
  }
}

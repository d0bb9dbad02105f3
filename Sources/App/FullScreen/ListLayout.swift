// Where the parts of the list page go for a given terminal size.

import TerminalUI

/// The rows of the list page: title, questions, the selected question's answer and tags,
/// status line and hint bar.
///
/// The answer gets up to 4 lines on a tall terminal and 1 on a short one; the questions get
/// what is left, so a 40x10 terminal still shows four of them. Below 8 rows the answer and
/// tags are left out (``showsDetail`` is false) and every row between the title and the
/// status line shows a question, so the smallest terminal still shows the list.
nonisolated struct ListLayout: Equatable, Sendable {
  /// The row of the first question.
  let listTop = 1
  /// How many questions fit.
  let listRows: Int
  /// The row of the line between the questions and the answer.
  let separatorRow: Int
  /// How many lines the answer may take.
  let answerRows: Int
  /// The row of the selected question's tags.
  let tagsRow: Int
  /// Whether the selected question's answer and tags are shown below the list.
  let showsDetail: Bool

  /// The layout for `size`.
  init(size: TerminalSize) {
    let content = max(size.rows - 3, 0)  // Less the title, status and hint rows.
    let answer = size.rows >= 20 ? 4 : 1
    // The detail needs a separator, the answer and the tags, and leaves two rows of questions.
    showsDetail = content >= answer + 2 + 2
    answerRows = showsDetail ? answer : 0
    listRows = showsDetail ? content - answerRows - 2 : content
    separatorRow = listTop + listRows
    tagsRow = separatorRow + 1 + answerRows
  }
}

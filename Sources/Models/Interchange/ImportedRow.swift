// One row of an imported file after its fields were read: a question to be, or why not.

import Foundation

/// One row read from a file, checked field by field, before it joins the plan.
struct ImportedRow {
  /// The row's id; `nil` when the file gave none, so the question gets a new one.
  var id: UUID?
  /// The prompt, answer and tags, cleaned and checked as `questions add` checks them.
  var content: QuestionContent
  /// The row's creation date; `nil` when the file gave none, so the import dates it.
  var createdAt: Date?
}

/// A row after its fields were checked: a question to be, or every reason it cannot be one.
enum CheckedRow {
  case valid(ImportedRow)
  case invalid(reasons: [String])
}

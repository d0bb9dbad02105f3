// The question bank's form as the shared page flow sees it, and the flow's words.

import FlowKit
import Models

extension QuestionEditorViewModel: ItemForm {
  /// The question to save, or `nil` with ``problems`` set: ``validatedQuestion()`` for the
  /// flow.
  public func validatedItem() -> Question? {
    validatedQuestion()
  }
}

extension QuestionBankModel {
  /// The notices of the question bank's flow: a question is named by its prompt, and the
  /// form's own steps say what they did without it.
  static var notices: PageNotices<Question> {
    var notices = PageNotices<Question> { $0.prompt }
    notices.added = { _ in "Added the question." }
    notices.saved = { _ in "Saved your changes." }
    notices.keptMine = { _ in "Saved your version." }
    notices.staysDeleted = "The question stays deleted."
    return notices
  }
}

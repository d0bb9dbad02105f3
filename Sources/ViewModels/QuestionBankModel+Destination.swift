// What the question bank shows over its list, and which of those a step that waited began on.

import Models

extension QuestionBankModel {
  /// What is shown over the list; `nil` shows the list alone.
  public enum Destination {
    /// The form that adds a question, or edits one.
    case editor(QuestionEditorViewModel)
    /// A question asking whether to delete this question.
    case confirmDeletion(Question)
    /// The tags to filter the list by.
    case tagFilter
    /// The quiz: ``QuestionBankModel/quiz``.
    case quiz
    /// The study statistics: ``QuestionBankModel/statistics``.
    case statistics
    /// The offer to load the sample deck into a store that does not exist yet.
    case sampleDeckOffer
    /// The question saved from the editor was changed (`theirs`) or deleted (`theirs` is
    /// `nil`) by another writer since the editor opened it: which to keep?
    /// ``QuestionBankModel/keepMine(_:over:)`` or ``QuestionBankModel/keepTheirs()``.
    case editConflict(yours: Question, theirs: Question?)

    /// Whether this destination is what `step` began on: the same form, the same question
    /// asked about or in conflict, or the same offer.
    func isSame(as step: Self) -> Bool {
      switch (self, step) {
      case (.editor(let shown), .editor(let step)): shown === step
      case (.confirmDeletion(let shown), .confirmDeletion(let step)): shown.id == step.id
      case (.editConflict(let shown, _), .editConflict(let step, _)): shown.id == step.id
      case (.sampleDeckOffer, .sampleDeckOffer): true
      default: false
      }
    }
  }
}

// What the question bank shows over its list: the shared page flow's destinations and its own screens.

import FlowKit
import Models

extension QuestionBankModel {
  /// What is shown over the list; `nil` shows the list alone. The form, the confirmation
  /// before a deletion and an edit conflict are every page's (``/FlowKit/PageDestination``);
  /// ``Screen`` names the question bank's own.
  public typealias Destination = PageDestination<Question, QuestionEditorViewModel, Screen>

  /// The flows over the list, shared with every app built on the store.
  public typealias Flow = PageFlow<QuestionListViewModel, QuestionEditorViewModel, Screen>

  /// What the question bank shows over its list besides a form, a confirmation or a
  /// conflict: ``Destination``'s `screen(_:)`.
  public enum Screen: Equatable, Sendable {
    /// The tags to filter the list by.
    case tagFilter
    /// The quiz: ``QuestionBankModel/quiz``.
    case quiz
    /// The study statistics: ``QuestionBankModel/statistics``.
    case statistics
    /// The offer to load the sample deck into a store that does not exist yet.
    case sampleDeckOffer
  }
}

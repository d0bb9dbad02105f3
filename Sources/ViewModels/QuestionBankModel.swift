// The root of the app's flows: what is shown over the list, what awaits a yes, and the moves between.

import FlowKit
import LocalStore
import Models
import Observation

/// The question bank as a person moves through it: the list, and whatever is shown over it.
///
/// A front end shows ``list`` and, when ``destination`` is set, the screen, sheet or alert it
/// names; it calls the methods named after what the person does (``addQuestion()``,
/// ``askToDelete(_:)``, ``confirmDeletion(of:)``, ``startQuiz()``, ``leaveQuiz()``, ...). The
/// model decides what happens next, such as closing the editor only once its question is
/// saved, so the terminal front end and a SwiftUI one follow the same flow and tests check it
/// without either.
///
/// A step that waits for the store is given what it acts on (``saveEditor(_:)``,
/// ``confirmDeletion(of:)``, ``keepMine(_:over:)``) rather than reading it from
/// ``destination`` once it runs: a front end may close the dialog before the step's task
/// starts (SwiftUI sets a dialog's binding to `false` after its button's action, before any
/// task that action started), and the step must still do what the person chose. When it
/// ends, it closes what it answered, unless the person has moved on to something else since;
/// a ``dismiss()`` with nothing shown does nothing.
///
/// The form, the confirmation before a deletion, an edit conflict and the notice are the
/// shared page flow's (``flow``, a ``/FlowKit/PageFlow`` that every app built on the store
/// uses unchanged); this model adds the question bank's own screens (``Screen``) and forwards
/// the rest.
///
/// Errors follow the convention of every view model in this module: an action never throws;
/// a failure is observable state, the child view model's `errorMessage`, and the front end
/// shows it where it shows errors.
@Observable @MainActor
public final class QuestionBankModel {
  /// The most questions one quiz asks.
  nonisolated public static let quizLength = 10

  /// The flows over the list: the form, the confirmation, an edit conflict, the notice, and
  /// the bindings and buttons of a SwiftUI front end.
  public let flow: Flow

  /// What is shown over the list; `nil` when the list is shown alone.
  public var destination: Destination? { flow.destination }

  /// A sentence about the last action that worked, such as "Added the question."; cleared by
  /// the next move.
  ///
  /// After an edit is saved, it follows the list: when another writer changes or deletes
  /// that question while the notice shows, it says so instead of "Saved your changes.", so
  /// the screen never claims an edit that is no longer there.
  public var notice: String? { flow.notice }

  /// Whether ``leaveQuiz()`` was asked to leave a quiz whose result is not saved, and is
  /// waiting to be asked again before it throws the result away.
  public private(set) var isConfirmingDiscard = false

  /// The questions, their search and tag filter.
  public var list: QuestionListViewModel { flow.list }
  /// The quiz.
  public let quiz: QuizViewModel
  /// The study statistics.
  public let statistics: StatisticsViewModel

  /// Called once when the person declines the sample deck, so the front end can remember it.
  @ObservationIgnored private let sampleDeckDeclined: @MainActor () -> Void

  /// Creates the flows over three view models; with `offersSampleDeck` the first thing shown
  /// is the offer to load the sample deck (pass `true` when the store does not exist yet and
  /// the offer was not declined before).
  ///
  /// `onSampleDeckDeclined` is called when the person turns the offer down (``dismiss()``
  /// while it shows), for the front end to remember, so the offer is not made at every start.
  public init(
    list: QuestionListViewModel, quiz: QuizViewModel, statistics: StatisticsViewModel,
    offersSampleDeck: Bool = false,
    onSampleDeckDeclined: @escaping @MainActor () -> Void = {}
  ) {
    flow = Flow(
      list: list, notices: Self.notices,
      destination: offersSampleDeck ? .screen(.sampleDeckOffer) : nil)
    self.quiz = quiz
    self.statistics = statistics
    sampleDeckDeclined = onSampleDeckDeclined
    // Every move withdraws a pending warning about leaving the quiz.
    flow.didMove = { [weak self] in
      if self?.isConfirmingDiscard == true { self?.isConfirmingDiscard = false }
    }
  }

  /// Opens an empty form to add a question.
  public func addQuestion() {
    flow.show(.editor(QuestionEditorViewModel()))
  }

  /// Opens the form on `question` to edit it.
  public func edit(_ question: Question) {
    flow.show(.editor(QuestionEditorViewModel(editing: question)))
  }

  /// Saves the question of `editor`, the form the person submitted, and closes the form;
  /// returns the question saved (``/FlowKit/PageFlow/saveEditor(_:)``).
  @discardableResult
  public func saveEditor(_ editor: QuestionEditorViewModel) async -> Question? {
    await flow.saveEditor(editor)
  }

  /// Settles an edit conflict by saving `yours` over `theirs`, unless it changed again
  /// (``/FlowKit/PageFlow/keepMine(_:over:)``); returns the question saved.
  @discardableResult
  public func keepMine(_ yours: Question, over theirs: Question?) async -> Question? {
    await flow.keepMine(yours, over: theirs)
  }

  /// Settles an edit conflict by dropping the person's edit: the other writer's change
  /// stays.
  public func keepTheirs() {
    flow.keepTheirs()
  }

  /// Asks whether to delete `question`; ``confirmDeletion(of:)`` deletes it, ``dismiss()``
  /// keeps it.
  public func askToDelete(_ question: Question) {
    flow.askToDelete(question)
  }

  /// Deletes `question`, the one ``askToDelete(_:)`` asked about, and goes back to the list;
  /// returns whether it was deleted. When the store refuses, the list shows ``list``'s
  /// `errorMessage` instead.
  @discardableResult
  public func confirmDeletion(of question: Question) async -> Bool {
    await flow.confirmDeletion(of: question)
  }

  /// Shows the tags to filter the list by.
  public func chooseTag() {
    flow.show(.screen(.tagFilter))
  }

  /// Filters the list by `tag`, or shows every question for `nil`, and goes back to it.
  public func filter(byTag tag: String?) {
    list.tag = tag
    flow.show(nil)
  }

  /// Starts a quiz of up to ``quizLength`` questions, limited to the list's tag filter if
  /// one is set, and shows it.
  public func startQuiz() async {
    flow.show(.screen(.quiz))
    await quiz.start(tag: list.tag, count: Self.quizLength)
  }

  /// Tries again to store a finished quiz's result whose save failed.
  public func retrySavingResult() async {
    await quiz.saveResult()
    isConfirmingDiscard = false
  }

  /// Grades the current question of the quiz, and withdraws a pending warning about
  /// leaving: the person chose to go on.
  public func grade(knewIt: Bool) async {
    isConfirmingDiscard = false
    await quiz.grade(knewIt: knewIt)
  }

  /// Whether leaving the quiz now would lose answers: a result that could not be stored, or
  /// a quiz left part way, with answers given but no result yet.
  public var leavingQuizLosesAnswers: Bool {
    quiz.hasUnsavedResult
      || (quiz.position > 0 && (quiz.phase == .asking || quiz.phase == .revealed))
  }

  /// Leaves the quiz for the list.
  ///
  /// Answers are not thrown away at once, whether a result that could not be stored or a
  /// quiz left part way: the first call only sets ``isConfirmingDiscard`` so the front end
  /// can warn; a second call leaves and discards them.
  public func leaveQuiz() {
    guard case .screen(.quiz) = destination else { return }
    if leavingQuizLosesAnswers, !isConfirmingDiscard {
      isConfirmingDiscard = true
      return
    }
    quiz.end()
    flow.show(nil)
  }

  /// Shows the statistics, read afresh.
  public func showStatistics() async {
    flow.show(.screen(.statistics))
    await statistics.load()
  }

  /// Loads the sample deck the store was offered, and goes to the list.
  ///
  /// When the store refuses, the list shows ``list``'s `errorMessage` instead.
  public func loadSampleDeck() async {
    let loaded = await list.add(contentsOf: Question.sampleDeck)
    flow.finish(
      .screen(.sampleDeckOffer),
      notice: loaded ? "Loaded \(Question.sampleDeck.count) sample questions." : nil)
  }

  /// Closes whatever is shown over the list without doing anything: a cancel, a "no", or a
  /// back button. A running quiz is left through ``leaveQuiz()`` instead; an edit conflict
  /// keeps the other writer's change (``keepTheirs()``), as nothing of the edit was saved.
  ///
  /// With nothing shown it does nothing, so a dismissal that comes after an action closed
  /// the dialog (as SwiftUI's does) leaves the action's notice alone.
  public func dismiss() {
    if case .screen(.quiz) = destination { return leaveQuiz() }
    if case .screen(.sampleDeckOffer) = destination { sampleDeckDeclined() }
    flow.dismiss()
  }

  /// Shows `text` as ``notice`` until the person moves on: something the front end learned
  /// while opening, such as damaged bytes a store set aside.
  public func showNotice(_ text: String) {
    flow.showNotice(text)
  }

  /// Clears ``notice`` once the person has moved on.
  public func dismissNotice() {
    flow.dismissNotice()
  }
}

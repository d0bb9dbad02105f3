// The root of the app's flows: what is shown over the list, what awaits a yes, and the moves between.

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
/// Errors follow the convention of every view model in this module: an action never throws;
/// a failure is observable state, the child view model's `errorMessage`, and the front end
/// shows it where it shows errors.
@Observable @MainActor
public final class QuestionBankModel {
  /// The most questions one quiz asks.
  nonisolated public static let quizLength = 10

  /// What is shown over the list; `nil` when the list is shown alone.
  public private(set) var destination: Destination?

  /// A sentence about the last action that worked, such as "Added the question."; cleared by
  /// the next move.
  ///
  /// After an edit is saved, it follows the list: when another writer changes or deletes
  /// that question while the notice shows, it says so instead of "Saved your changes.", so
  /// the screen never claims an edit that is no longer there.
  public var notice: String? {
    guard let saved = savedEdit else { return storedNotice }
    guard let current = list.question(withID: saved.id) else {
      return "“\(saved.prompt)” was deleted by another writer after you saved it."
    }
    guard current == saved else {
      return "Your edit was changed by another writer after you saved it; the list shows theirs."
    }
    return storedNotice
  }

  /// The sentence ``notice`` shows while nothing overrides it.
  private var storedNotice: String?
  /// The question an edit just saved, while its notice shows.
  private var savedEdit: Question?

  /// Whether ``leaveQuiz()`` was asked to leave a quiz whose result is not saved, and is
  /// waiting to be asked again before it throws the result away.
  public private(set) var isConfirmingDiscard = false

  /// The questions, their search and tag filter.
  public let list: QuestionListViewModel
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
    self.list = list
    self.quiz = quiz
    self.statistics = statistics
    sampleDeckDeclined = onSampleDeckDeclined
    destination = offersSampleDeck ? .sampleDeckOffer : nil
  }

  /// Opens an empty form to add a question.
  public func addQuestion() {
    show(.editor(QuestionEditorViewModel()))
  }

  /// Opens the form on `question` to edit it.
  public func edit(_ question: Question) {
    show(.editor(QuestionEditorViewModel(editing: question)))
  }

  /// Saves the question of `editor`, the form the person submitted, and closes the form;
  /// returns the question saved.
  ///
  /// When a field needs fixing, the form stays open with its `problems` set; when the store
  /// refuses, it stays open too, with ``list``'s `errorMessage` saying why, so nothing typed
  /// is lost. Returns `nil` in both cases.
  ///
  /// The save goes through only if the store still holds the question the form was opened
  /// on: when another writer changed or deleted it meanwhile, nothing is saved and
  /// ``destination`` becomes ``Destination/editConflict(yours:theirs:)``, for the person to
  /// choose with ``keepMine(_:over:)`` or ``keepTheirs()``.
  @discardableResult
  public func saveEditor(_ editor: QuestionEditorViewModel) async -> Question? {
    guard let question = editor.validatedQuestion() else { return nil }
    switch await list.save(question, ifUnchangedSince: editor.startedFrom) {
    case .saved:
      finish(
        .editor(editor), notice: editor.isEditing ? "Saved your changes." : "Added the question.")
      savedEdit = question
      return question
    case .conflict(let current):
      show(.editConflict(yours: question, theirs: current))
      return nil
    case .failed:
      return nil
    }
  }

  /// Settles an edit conflict by saving `yours` over `theirs`, the other writer's version the
  /// conflict showed (`nil`: they deleted it, and yours brings it back); returns the question
  /// saved.
  ///
  /// The save is conditional too, on `theirs`: when the question changed again (or was
  /// deleted) since, nothing is saved and the conflict is shown again with the newer version,
  /// so "keep mine" never overwrites a change the person has not seen. When the store refuses,
  /// the conflict is shown again, with ``list``'s `errorMessage` saying why.
  @discardableResult
  public func keepMine(_ yours: Question, over theirs: Question?) async -> Question? {
    switch await list.save(yours, ifUnchangedSince: theirs) {
    case .saved:
      finish(.editConflict(yours: yours, theirs: theirs), notice: "Saved your version.")
      savedEdit = yours
      return yours
    case .conflict(let current):
      show(.editConflict(yours: yours, theirs: current))
      return nil
    case .failed:
      show(.editConflict(yours: yours, theirs: theirs))
      return nil
    }
  }

  /// Settles an edit conflict by dropping the person's edit: the other writer's change
  /// stays.
  public func keepTheirs() {
    guard case .editConflict(_, let theirs) = destination else { return }
    show(nil, notice: theirs == nil ? "The question stays deleted." : "Kept the other change.")
  }

  /// Asks whether to delete `question`; ``confirmDeletion(of:)`` deletes it, ``dismiss()``
  /// keeps it.
  public func askToDelete(_ question: Question) {
    show(.confirmDeletion(question))
  }

  /// Deletes `question`, the one ``askToDelete(_:)`` asked about, and goes back to the list;
  /// returns whether it was deleted.
  ///
  /// When the store refuses, the list shows ``list``'s `errorMessage` instead.
  @discardableResult
  public func confirmDeletion(of question: Question) async -> Bool {
    let deleted = await list.remove(question.id)
    finish(.confirmDeletion(question), notice: deleted ? "Deleted “\(question.prompt)”." : nil)
    return deleted
  }

  /// Shows the tags to filter the list by.
  public func chooseTag() {
    show(.tagFilter)
  }

  /// Filters the list by `tag`, or shows every question for `nil`, and goes back to it.
  public func filter(byTag tag: String?) {
    list.tag = tag
    show(nil)
  }

  /// Starts a quiz of up to ``quizLength`` questions, limited to the list's tag filter if
  /// one is set, and shows it.
  public func startQuiz() async {
    show(.quiz)
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
    guard case .quiz = destination else { return }
    if leavingQuizLosesAnswers, !isConfirmingDiscard {
      isConfirmingDiscard = true
      return
    }
    quiz.end()
    show(nil)
  }

  /// Shows the statistics, read afresh.
  public func showStatistics() async {
    show(.statistics)
    await statistics.load()
  }

  /// Loads the sample deck the store was offered, and goes to the list.
  ///
  /// When the store refuses, the list shows ``list``'s `errorMessage` instead.
  public func loadSampleDeck() async {
    let loaded = await list.add(contentsOf: Question.sampleDeck)
    finish(
      .sampleDeckOffer,
      notice: loaded ? "Loaded \(Question.sampleDeck.count) sample questions." : nil)
  }

  /// Closes whatever is shown over the list without doing anything: a cancel, a "no", or a
  /// back button. A running quiz is left through ``leaveQuiz()`` instead; an edit conflict
  /// keeps the other writer's change (``keepTheirs()``), as nothing of the edit was saved.
  ///
  /// With nothing shown it does nothing, so a dismissal that comes after an action closed
  /// the dialog (as SwiftUI's does) leaves the action's notice alone.
  public func dismiss() {
    guard let destination else { return }
    if case .quiz = destination { return leaveQuiz() }
    if case .editConflict = destination { return keepTheirs() }
    if case .sampleDeckOffer = destination { sampleDeckDeclined() }
    show(nil)
  }

  /// Shows `text` as ``notice`` until the person moves on: something the front end learned
  /// while opening, such as damaged bytes a store set aside.
  public func showNotice(_ text: String) {
    if storedNotice != text { storedNotice = text }
  }

  /// Clears ``notice`` once the person has moved on.
  public func dismissNotice() {
    if storedNotice != nil { storedNotice = nil }
    if savedEdit != nil { savedEdit = nil }
  }

  /// Ends a step that began while `step` was shown: goes back to the list with `notice`,
  /// unless the person has moved on to something else since, which stays shown (the notice
  /// is set either way).
  private func finish(_ step: Destination, notice: String?) {
    guard let destination, !destination.isSame(as: step) else {
      return show(nil, notice: notice)
    }
    if storedNotice != notice { storedNotice = notice }
  }

  /// Shows `destination` with `notice`; every move clears the last notice and warning.
  private func show(_ destination: Destination?, notice: String? = nil) {
    self.destination = destination
    if storedNotice != notice { storedNotice = notice }
    if savedEdit != nil { savedEdit = nil }
    if isConfirmingDiscard { isConfirmingDiscard = false }
  }
}

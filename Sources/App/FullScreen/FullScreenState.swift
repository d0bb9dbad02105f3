// The observable state of the full-screen mode: which page shows, the selection, the status line.

import Models
import Observation
import TerminalUI
import ViewModels

/// Everything the full-screen mode shows, besides what its view models hold.
///
/// The screens are drawn from this object and its view models alone, and it is `@Observable`,
/// so the run loop redraws whenever anything a screen read changes: a key that moves the
/// selection, a save that finishes, or a new terminal size after `SIGWINCH`. It holds no
/// terminal code; ``perform(_:)`` turns the key table's actions into view-model calls.
@Observable
final class FullScreenState {
  /// The size of the terminal, updated when it changes.
  var size: TerminalSize
  /// The page on screen.
  private(set) var page: Page
  /// The index of the selected question in ``QuestionListViewModel/questions``.
  private(set) var selection = 0
  /// The index of the first question shown, so the selection stays on screen.
  private(set) var scrollOffset = 0
  /// The index of the selected entry on the tag page; 0 is "all questions".
  private(set) var tagSelection = 0
  /// The field of the form that receives typing.
  private(set) var focusedField = QuestionEditorViewModel.Field.prompt
  /// Where the cursor is in the text being typed: the search text, or the focused field.
  private(set) var textCursor = 0
  /// The form, while the editor page is open.
  private(set) var editor: QuestionEditorViewModel?
  /// Feedback from the last action, shown until the next one.
  private(set) var status: StatusMessage?
  /// How far the help page is scrolled, when its keys do not all fit.
  private(set) var helpScrollOffset = 0
  /// The page help was opened from, to return to.
  private(set) var pageBeforeHelp = Page.list
  /// The exit status once the user asked to leave; `nil` while running.
  private(set) var exitStatus: Int32?

  /// The questions, their search and tag filters.
  let list: QuestionListViewModel
  /// The quiz.
  let quiz: QuizViewModel
  /// The study statistics.
  let statistics: StatisticsViewModel

  /// The state of a new session on `size`, opening on the sample-deck offer when
  /// `offersSample` is true (the store does not exist yet), otherwise on the list.
  init(
    list: QuestionListViewModel, quiz: QuizViewModel, statistics: StatisticsViewModel,
    size: TerminalSize, offersSample: Bool
  ) {
    self.list = list
    self.quiz = quiz
    self.statistics = statistics
    self.size = size
    page = offersSample ? .sampleOffer : .list
  }

  /// The selected question, if the list is not empty.
  var selectedQuestion: Question? {
    list.questions.indices.contains(selection) ? list.questions[selection] : nil
  }

  /// How many questions fit on the list page at the current size.
  var visibleRowCount: Int { ListLayout(size: size).listRows }

  /// Whether `action` can do anything now; the hint bar shows only the keys that can.
  func canPerform(_ action: Action) -> Bool {
    if page == .help, [.moveDown, .moveUp, .pageDown, .pageUp].contains(action) {
      return HelpPage.needsScrolling(in: size)
    }
    return isAvailable(action)
  }

  private func isAvailable(_ action: Action) -> Bool {
    switch action {
    case .editSelected, .deleteSelected: selectedQuestion != nil
    case .moveDown, .moveUp, .moveToFirst, .moveToLast, .pageDown, .pageUp:
      page != .list && page != .search || !list.questions.isEmpty
    case .startQuiz: !list.questions.isEmpty
    case .revealAnswer: quiz.phase == .asking
    case .knewIt, .didNotKnowIt: quiz.phase == .revealed
    case .chooseTag: !list.tags.isEmpty
    case .goBack where page == .list: !list.searchText.isEmpty || list.tag != nil
    case .confirm where page == .quiz: quiz.hasUnsavedResult
    default: true
    }
  }

  /// Sets the page and clears the status line, as every navigation does.
  func show(_ page: Page, status: StatusMessage? = nil) {
    self.page = page
    self.status = status
  }

  /// Records the exit status; the run loop stops after the current action.
  func finish(status: Int32) {
    exitStatus = status
  }

  /// Moves the selection to `index`, clamped to the list, scrolling to keep it visible.
  func select(_ index: Int) {
    let last = max(list.questions.count - 1, 0)
    let clamped = min(max(index, 0), last)
    let rows = max(visibleRowCount, 1)
    var offset = scrollOffset
    if clamped < offset { offset = clamped }
    if clamped >= offset + rows { offset = clamped - rows + 1 }
    offset = min(offset, max(list.questions.count - rows, 0))
    if selection != clamped { selection = clamped }
    if scrollOffset != offset { scrollOffset = offset }
  }

  /// Moves the tag-page selection to `index`, clamped to the entries.
  func selectTag(_ index: Int) {
    tagSelection = min(max(index, 0), list.tags.count)
  }

  /// Opens the form, empty or on `question`.
  func openEditor(on question: Question?) {
    let editor = QuestionEditorViewModel(editing: question)
    self.editor = editor
    focusedField = .prompt
    textCursor = editor.prompt.count
    show(.editor)
  }

  /// Closes the form.
  func closeEditor(status: StatusMessage? = nil) {
    editor = nil
    show(.list, status: status)
  }

  /// Moves typing to `field`.
  func focus(_ field: QuestionEditorViewModel.Field) {
    focusedField = field
    textCursor = editor?[field].count ?? 0
  }

  /// Opens the search field with the cursor after the text already there.
  func startSearch() {
    textCursor = list.searchText.count
    show(.search)
  }

  /// The text being typed with its cursor: the search text on the search page, the focused
  /// field of the form on the editor page.
  var editableText: EditableText? {
    switch page {
    case .search: EditableText(list.searchText, cursor: textCursor)
    case .editor: editor.map { EditableText($0[focusedField], cursor: textCursor) }
    default: nil
    }
  }

  /// Applies a line-editing action to the text being typed; `false` when `action` is not one.
  func edit(_ action: Action) -> Bool {
    guard var text = editableText, text.apply(action) else { return false }
    switch page {
    case .search: list.searchText = text.text
    case .editor: editor?[focusedField] = text.text
    default: return false
    }
    if textCursor != text.cursor { textCursor = text.cursor }
    return true
  }

  /// Shows help, remembering the page to come back to.
  func openHelp() {
    pageBeforeHelp = page
    helpScrollOffset = 0
    show(.help)
  }

  /// Scrolls the help page by `lines`, within its length.
  func scrollHelp(by lines: Int) {
    let offset = HelpPage.firstLine(scrollOffset: helpScrollOffset + lines, size: size)
    if offset != helpScrollOffset { helpScrollOffset = offset }
  }
}

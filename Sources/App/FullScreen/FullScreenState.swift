// The observable state of the full-screen mode: which page shows, the selection, the status line.

import FlowKit
import LocalStoreSyncKit
import Models
import Observation
import TerminalUI
import ViewModels

/// Everything the full-screen mode shows, besides what its view models hold.
///
/// The flows (what is shown over the list, what awaits a yes) belong to ``model``, the same
/// ``/ViewModels/QuestionBankModel`` a SwiftUI front end would drive. This object adds only what a
/// terminal needs on top: the selection as a row with its scroll position, the search field
/// and form cursor, the help page, the terminal's size, and the exit status. It is
/// `@Observable`, so the run loop redraws whenever anything a screen read changes: a key that
/// moves the selection, a save that finishes, or a new terminal size after `SIGWINCH`. It
/// holds no terminal code; ``perform(_:)`` turns the key table's actions into model calls.
@Observable
final class FullScreenState {
  /// The size of the terminal, updated when it changes.
  var size: TerminalSize {
    // After a resize the selected row stays on screen, and a taller window is filled.
    didSet { if size != oldValue { select(selection) } }
  }
  /// Whether keys go into the search field on the list.
  private(set) var isSearching = false
  /// Whether the help page is shown over whatever else is.
  private(set) var isShowingHelp = false
  /// The selected question's ID: when the list changes underneath (another process added
  /// or deleted a question), the selection stays on that question.
  private(set) var selectedID: Question.ID?
  /// The row selected last; the selection stays there, clamped, if its question is deleted.
  private(set) var selectedRow = 0
  /// The first row shown when the selection was last moved.
  private(set) var firstShownRow = 0
  /// The index of the selected entry on the tag page; 0 is "all questions".
  private(set) var tagSelection = 0
  /// The field of the form that receives typing.
  private(set) var focusedField = QuestionEditorViewModel.Field.prompt
  /// Where the cursor is in the text being typed: the search text, or the focused field.
  private(set) var textCursor = 0
  /// How far the help page is scrolled, when its keys do not all fit.
  private(set) var helpScrollOffset = 0
  /// How far the statistics page is scrolled, when its charts do not fit.
  private(set) var statisticsScrollOffset = 0
  /// The exit status once the user asked to leave; `nil` while running.
  private(set) var exitStatus: Int32?
  /// The text and cursor the last key left, reused by the next (``editableText``).
  @ObservationIgnored private var typing: EditableText?

  /// The flows and the view models they move between.
  let model: QuestionBankModel
  /// The background sync, when the folder syncs; the title bar shows its state.
  let sync: SyncStatusModel?
  /// The sync conflicts waiting for a choice, when the folder syncs.
  let syncConflicts: SyncConflictsModel<Question>?

  /// The state of a new session of `model` on `size`, with `sync` and `syncConflicts` when
  /// the folder syncs.
  init(
    model: QuestionBankModel, size: TerminalSize, sync: SyncStatusModel? = nil,
    syncConflicts: SyncConflictsModel<Question>? = nil
  ) {
    self.model = model
    self.size = size
    self.sync = sync
    self.syncConflicts = syncConflicts
  }

  /// The questions, their search and tag filters.
  var list: QuestionListViewModel { model.list }
  /// The quiz.
  var quiz: QuizViewModel { model.quiz }
  /// The study statistics.
  var statistics: StatisticsViewModel { model.statistics }

  /// The selected question, if the list is not empty.
  var selectedQuestion: Question? {
    list.items.indices.contains(selection) ? list.items[selection] : nil
  }

  /// How many questions fit on the list page at the current size.
  var visibleRowCount: Int { ListLayout(size: size).listRows }

  /// Records the exit status; the run loop stops after the current action.
  func finish(status: Int32) {
    exitStatus = status
  }

  /// The index of the selected question in ``/FlowKit/ItemList/items``: where
  /// ``selectedID`` is now, or else the last selected row, clamped to the list.
  ///
  /// O(1) while the list is unchanged, where the question is still at ``selectedRow``; a
  /// scan only after the list changed underneath. Every frame and key reads it.
  var selection: Int {
    let questions = list.items
    if let selectedID {
      if questions.indices.contains(selectedRow), questions[selectedRow].id == selectedID {
        return selectedRow
      }
      if let index = questions.firstIndex(where: { $0.id == selectedID }) { return index }
    }
    return min(selectedRow, max(questions.count - 1, 0))
  }

  /// The index of the first question shown: the last scroll position, moved as little as
  /// needed to keep the selection on screen.
  var scrollOffset: Int {
    offset(showing: selection, from: firstShownRow)
  }

  /// Moves the selection to `index`, clamped to the list, scrolling to keep it visible.
  func select(_ index: Int) {
    let questions = list.items
    let clamped = min(max(index, 0), max(questions.count - 1, 0))
    let offset = offset(showing: clamped, from: scrollOffset)
    let id = questions.indices.contains(clamped) ? questions[clamped].id : nil
    if selectedRow != clamped { selectedRow = clamped }
    if selectedID != id { selectedID = id }
    if firstShownRow != offset { firstShownRow = offset }
  }

  /// After the list changed underneath (another process added or deleted questions), makes
  /// the question now shown as selected the one the selection follows: if the selected
  /// question was deleted, its row's new question.
  func anchorSelection() {
    let questions = list.items
    let row = selection
    let id = questions.indices.contains(row) ? questions[row].id : nil
    if selectedID != id { selectedID = id }
    if selectedRow != row { selectedRow = row }
  }

  /// The first row to show so that `row` is visible, scrolling from `start` as little as
  /// possible.
  private func offset(showing row: Int, from start: Int) -> Int {
    let rows = max(visibleRowCount, 1)
    var offset = start
    if row < offset { offset = row }
    if row >= offset + rows { offset = row - rows + 1 }
    return max(min(offset, list.items.count - rows), 0)
  }

  /// Moves the tag-page selection to `index`, clamped to the entries.
  func selectTag(_ index: Int) {
    tagSelection = min(max(index, 0), list.tags.count)
  }

  /// Puts typing in the form's first field, after the text already there.
  func focusFirstField() {
    focus(.prompt)
  }

  /// Moves typing to `field`.
  func focus(_ field: QuestionEditorViewModel.Field) {
    focusedField = field
    textCursor = editor?[field].count ?? 0
  }

  /// Opens the search field with the cursor after the text already there.
  func startSearch() {
    textCursor = list.searchText.count
    model.dismissNotice()
    isSearching = true
  }

  /// Leaves the search field, keeping the search.
  func finishSearch() {
    model.dismissNotice()
    isSearching = false
  }

  /// The text being typed with its cursor: the search text on the search page, the focused
  /// field of the form on the editor page.
  ///
  /// The value the last key made is reused while the text is still the one it holds (a
  /// comparison that is immediate for the same string), so a key costs no count of the text.
  var editableText: EditableText? {
    let current: String
    let limit: Int
    switch page {
    case .search:
      current = list.searchText
      limit = Self.searchLimit
    case .editor:
      guard let editor else { return nil }
      current = editor[focusedField]
      limit = Self.typingLimit(focusedField)
    default: return nil
    }
    if let typing, typing.cursor == textCursor, typing.limit == limit, typing.text == current {
      return typing
    }
    return EditableText(current, cursor: textCursor, limit: limit)
  }

  /// The most characters the search field takes.
  static let searchLimit = 1_000

  /// The most characters typing puts in `field`: the content limit of its text, so a paste
  /// stops at what could be saved; tags, which are limited one by one, take 1,000.
  static func typingLimit(_ field: QuestionEditorViewModel.Field) -> Int {
    switch field {
    case .prompt: QuestionContent.maximumPromptLength
    case .answer: QuestionContent.maximumAnswerLength
    case .tags: 1_000
    }
  }

  /// Applies a line-editing action to the text being typed; `false` when `action` is not one.
  ///
  /// A key that changes nothing (a character past the field's limit) assigns nothing, so it
  /// costs no redraw.
  func edit(_ action: Action) -> Bool {
    guard var text = editableText, text.apply(action) else { return false }
    typing = text
    if textCursor != text.cursor { textCursor = text.cursor }
    guard text.text != editableTextSource else { return true }
    switch page {
    case .search: list.searchText = text.text
    case .editor: editor?[focusedField] = text.text
    default: return false
    }
    return true
  }

  /// The text being typed as the view models hold it.
  private var editableTextSource: String? {
    switch page {
    case .search: list.searchText
    case .editor: editor?[focusedField]
    default: nil
    }
  }

  /// Shows help over the current page.
  func openHelp() {
    helpScrollOffset = 0
    model.dismissNotice()
    isShowingHelp = true
  }

  /// Goes back from help to the page it was opened on.
  func closeHelp() {
    isShowingHelp = false
  }

  /// Scrolls the statistics page by `lines`, within its length.
  func scrollStatistics(by lines: Int) {
    let offset = StatisticsPage.firstLine(
      scrollOffset: statisticsScrollOffset + lines, statistics, size: size)
    if offset != statisticsScrollOffset { statisticsScrollOffset = offset }
  }

  /// Scrolls the help page by `lines`, within its length.
  func scrollHelp(by lines: Int) {
    let offset = HelpPage.firstLine(scrollOffset: helpScrollOffset + lines, size: size)
    if offset != helpScrollOffset { helpScrollOffset = offset }
  }
}

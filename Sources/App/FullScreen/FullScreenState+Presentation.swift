// What the full-screen mode shows now: the page, the form, the status line, the keys that work.

import FlowKit
import LocalStoreSyncKit
import TerminalUI
import ViewModels

extension FullScreenState {
  /// The page on screen: help, or the page for the model's destination.
  var page: Page {
    if isShowingHelp { return .help }
    if syncConflicts?.current != nil { return .syncConflict }
    switch model.destination {
    case nil: return isSearching ? .search : .list
    case .editor: return .editor
    case .confirmDeletion: return .confirmDelete
    case .screen(.tagFilter): return .tags
    case .screen(.quiz): return .quiz
    case .screen(.statistics): return .statistics
    case .screen(.sampleDeckOffer): return .sampleOffer
    case .editConflict: return .editConflict
    }
  }

  /// The form, while the editor page is open.
  var editor: QuestionEditorViewModel? {
    if case .editor(let editor) = model.destination { editor } else { nil }
  }

  /// Feedback from the last action, shown until the next one: the warning before an unsaved
  /// quiz result is discarded, or the model's notice.
  var status: StatusMessage? {
    if model.isConfirmingDiscard {
      return model.quiz.hasUnsavedResult
        ? Self.discardWarning
        : .error(
          "You answered \(model.quiz.position) of \(model.quiz.total); leaving now keeps none"
            + " of them. Press Esc again to leave, or go on answering.")
    }
    if let notice = syncConflicts?.notice { return .info(notice) }
    return model.notice.map(StatusMessage.info)
  }

  /// The warning shown before an unsaved quiz result is thrown away.
  static let discardWarning = StatusMessage.error(
    "The result is not saved: press r to try again, or Esc again to discard it.")

  /// Whether `action` can do anything now; the hint bar shows only the keys that can.
  func canPerform(_ action: Action) -> Bool {
    if page == .help, [.moveDown, .moveUp, .pageDown, .pageUp].contains(action) {
      return HelpPage.needsScrolling(in: size)
    }
    if page == .statistics, [.moveDown, .moveUp, .pageDown, .pageUp].contains(action) {
      return StatisticsPage.lines(statistics, columns: size.columns).count
        > StatisticsPage.visibleRows(in: size)
    }
    return isAvailable(action)
  }

  /// Whether `action` means anything on the current page, in the current state.
  private func isAvailable(_ action: Action) -> Bool {
    switch action {
    case .editSelected, .deleteSelected: selectedQuestion != nil
    case .moveDown, .moveUp, .moveToFirst, .moveToLast, .pageDown, .pageUp:
      page != .list && page != .search || !list.items.isEmpty
    case .startQuiz: !list.items.isEmpty
    case .revealAnswer: quiz.phase == .asking
    case .knewIt, .didNotKnowIt: quiz.phase == .revealed
    case .chooseTag: list.hasTags
    case .showSyncConflicts:
      if case .conflict? = sync?.indicator { syncConflicts != nil } else { false }
    case .goBack where page == .list: !list.searchText.isEmpty || list.tag != nil
    case .confirm where page == .quiz: quiz.hasUnsavedResult
    default: true
    }
  }
}

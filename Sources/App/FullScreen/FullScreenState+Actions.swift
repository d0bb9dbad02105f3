// Carries out the key table's actions by calling the view models.

import FlowKit
import LocalStoreSyncKit
import Models
import TerminalUI
import ViewModels

extension FullScreenState {
  /// The status a run ends with after Ctrl-C, as a shell reports a process that SIGINT ended.
  static let interruptedStatus: Int32 = 130

  /// Does what `action` means on the current page, through the model's flows.
  ///
  /// Nothing here can fail: a view model that fails describes it in its `errorMessage`,
  /// which the status line shows, and the screen stays up.
  func perform(_ action: Action) async {
    guard canPerform(action) else { return }
    // A sync conflict's notice lasts until the next key elsewhere, like the model's.
    if page != .syncConflict, action != .showSyncConflicts { syncConflicts?.dismissNotice() }
    switch action {
    case .quit: finish(status: 0)
    case .interrupt: finish(status: Self.interruptedStatus)
    case .showHelp: openHelp()
    default:
      switch page {
      case .list, .search, .confirmDelete: await performOnList(action)
      case .tags: performOnTags(action)
      case .editor: await performInEditor(action)
      case .quiz: await performInQuiz(action)
      case .statistics: performOnStatistics(action)
      case .help: performInHelp(action)
      case .sampleOffer: await performOnSampleOffer(action)
      case .editConflict: await performOnEditConflict(action)
      case .syncConflict: await performOnSyncConflict(action)
      }
    }
  }

  /// In a paged list (a store larger than the list reads whole), reads the next page once
  /// the selection comes within a screen of the last question loaded, so that scrolling
  /// never reaches an end the store does not have.
  private func loadMoreIfNearTheEnd() async {
    guard list.hasMoreToLoad, selection + max(visibleRowCount, 1) >= list.items.count
    else { return }
    await list.loadMore()
  }

  private func performOnList(_ action: Action) async {
    let rows = max(visibleRowCount, 1)
    switch action {
    case .moveDown:
      select(selection + 1)
      await loadMoreIfNearTheEnd()
    case .moveUp: select(selection - 1)
    case .moveToFirst: select(0)
    case .moveToLast:
      select(list.items.count - 1)
      await loadMoreIfNearTheEnd()
    case .pageDown:
      select(selection + rows)
      await loadMoreIfNearTheEnd()
    case .pageUp: select(selection - rows)
    case .addQuestion:
      model.addQuestion()
      focusFirstField()
    case .editSelected:
      guard let question = selectedQuestion else { return }
      model.edit(question)
      focusFirstField()
    case .deleteSelected:
      guard let question = selectedQuestion else { return }
      model.askToDelete(question)
    case .confirm:
      guard case .confirmDeletion(let question) = model.destination else { return }
      await model.confirmDeletion(of: question)
      select(selection)
    case .startSearch: startSearch()
    case .finishSearch: finishSearch()
    case .chooseTag:
      selectTag((list.tags.firstIndex { $0.name == list.tag } ?? -1) + 1)
      model.chooseTag()
    case .type, .deleteBackward, .deleteForward, .clearField, .moveCursorLeft,
      .moveCursorRight, .moveCursorToStart, .moveCursorToEnd:
      let before = list.searchText
      if edit(action), list.searchText != before { select(0) }
    case .goBack where page == .confirmDelete:
      model.dismiss()
    case .goBack:
      if page == .list {
        list.searchText = ""
        list.tag = nil
      } else if page == .search {
        list.searchText = ""
      }
      finishSearch()
      select(0)
    case .startQuiz: await model.startQuiz()
    case .showStatistics: await model.showStatistics()
    case .showSyncConflicts: await syncConflicts?.show()
    default: break
    }
  }

  private func performOnTags(_ action: Action) {
    switch action {
    case .moveDown: selectTag(tagSelection + 1)
    case .moveUp: selectTag(tagSelection - 1)
    case .applyTag:
      model.filter(byTag: tagSelection == 0 ? nil : list.tags[tagSelection - 1].name)
      select(0)
    case .goBack: model.dismiss()
    default: break
    }
  }

  private func performInEditor(_ action: Action) async {
    guard let editor else { return }
    let fields = QuestionEditorViewModel.Field.allCases
    let index = fields.firstIndex(of: focusedField) ?? 0
    switch action {
    case .type, .deleteBackward, .deleteForward, .clearField, .moveCursorLeft,
      .moveCursorRight, .moveCursorToStart, .moveCursorToEnd:
      _ = edit(action)
    case .nextField: focus(fields[(index + 1) % fields.count])
    case .previousField: focus(fields[(index + fields.count - 1) % fields.count])
    case .goBack: model.dismiss()
    case .save: await save(editor)
    default: break
    }
  }

  /// Saves the form through the model, then selects the saved question; when a field needs
  /// fixing, moves typing to the first such field instead.
  private func save(_ editor: QuestionEditorViewModel) async {
    if let saved = await model.saveEditor(editor) {
      select(list.items.firstIndex { $0.id == saved.id } ?? selection)
    } else if let field = QuestionEditorViewModel.Field.allCases.first(where: {
      editor.problems[$0] != nil
    }) {
      focus(field)
    }
  }

  private func performInHelp(_ action: Action) {
    switch action {
    case .moveDown: scrollHelp(by: 1)
    case .moveUp: scrollHelp(by: -1)
    case .pageDown: scrollHelp(by: max(size.rows - 3, 1))
    case .pageUp: scrollHelp(by: -max(size.rows - 3, 1))
    case .goBack: closeHelp()
    default: break
    }
  }

  private func performOnStatistics(_ action: Action) {
    let page = StatisticsPage.visibleRows(in: size)
    switch action {
    case .moveDown: scrollStatistics(by: 1)
    case .moveUp: scrollStatistics(by: -1)
    case .pageDown: scrollStatistics(by: page)
    case .pageUp: scrollStatistics(by: -page)
    case .goBack:
      scrollStatistics(by: -statisticsScrollOffset)
      model.dismiss()
    default: break
    }
  }

  private func performInQuiz(_ action: Action) async {
    switch action {
    case .revealAnswer: quiz.revealAnswer()
    case .knewIt: await model.grade(knewIt: true)
    case .didNotKnowIt: await model.grade(knewIt: false)
    case .confirm: await model.retrySavingResult()
    case .goBack: model.leaveQuiz()
    default: break
    }
  }

  private func performOnEditConflict(_ action: Action) async {
    switch action {
    case .confirm:
      guard case .editConflict(let yours, let theirs) = model.destination else { return }
      if let saved = await model.keepMine(yours, over: theirs) {
        select(list.items.firstIndex { $0.id == saved.id } ?? selection)
      }
    case .goBack: model.keepTheirs()
    default: break
    }
  }

  private func performOnSyncConflict(_ action: Action) async {
    guard let syncConflicts else { return }
    switch action {
    case .confirm: await syncConflicts.keep(mine: true)
    case .keepTheirs: await syncConflicts.keep(mine: false)
    case .goBack: syncConflicts.close()
    default: break
    }
  }

  private func performOnSampleOffer(_ action: Action) async {
    switch action {
    case .confirm: await model.loadSampleDeck()
    case .goBack: model.dismiss()
    default: break
    }
  }
}

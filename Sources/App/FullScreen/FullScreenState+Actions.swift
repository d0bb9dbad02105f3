// Carries out the key table's actions by calling the view models.

import Models
import TerminalUI
import ViewModels

extension FullScreenState {
  /// The status a run ends with after Ctrl-C, as a shell reports a process that SIGINT ended.
  static let interruptedStatus: Int32 = 130

  /// Does what `action` means on the current page.
  ///
  /// A failure never escapes: the view model that failed describes it in its
  /// `errorMessage`, which the status line shows, and the screen stays up.
  func perform(_ action: Action) async {
    guard canPerform(action) else { return }
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
      case .statistics: if action == .goBack { show(.list) }
      case .help: performInHelp(action)
      case .sampleOffer: await performOnSampleOffer(action)
      }
    }
  }

  private func performOnList(_ action: Action) async {
    let rows = max(visibleRowCount, 1)
    switch action {
    case .moveDown: select(selection + 1)
    case .moveUp: select(selection - 1)
    case .moveToFirst: select(0)
    case .moveToLast: select(list.questions.count - 1)
    case .pageDown: select(selection + rows)
    case .pageUp: select(selection - rows)
    case .addQuestion: openEditor(on: nil)
    case .editSelected: openEditor(on: selectedQuestion)
    case .deleteSelected: show(.confirmDelete)
    case .confirm: await deleteSelected()
    case .startSearch: startSearch()
    case .finishSearch: show(.list)
    case .chooseTag:
      selectTag((list.tags.firstIndex { $0.name == list.tag } ?? -1) + 1)
      show(.tags)
    case .type, .deleteBackward, .deleteForward, .clearField, .moveCursorLeft,
      .moveCursorRight, .moveCursorToStart, .moveCursorToEnd:
      let before = list.searchText
      if edit(action), list.searchText != before { select(0) }
    case .goBack where page == .confirmDelete:
      show(.list)
    case .goBack:
      if page == .list {
        list.searchText = ""
        list.tag = nil
      } else if page == .search {
        list.searchText = ""
      }
      show(.list)
      select(0)
    case .startQuiz:
      show(.quiz)
      await quiz.start(tag: list.tag, count: Self.quizLength)
    case .showStatistics:
      show(.statistics)
      await statistics.load()
    default: break
    }
  }

  /// The most questions one quiz asks.
  static let quizLength = 10

  private func deleteSelected() async {
    guard let question = selectedQuestion else { return show(.list) }
    do {
      try await list.remove(question.id)
      show(.list, status: .info("Deleted “\(question.prompt)”."))
      select(selection)
    } catch {
      show(.list)  // The list view model's error message is on the status line.
    }
  }

  private func performOnTags(_ action: Action) {
    switch action {
    case .moveDown: selectTag(tagSelection + 1)
    case .moveUp: selectTag(tagSelection - 1)
    case .applyTag:
      list.tag = tagSelection == 0 ? nil : list.tags[tagSelection - 1].name
      show(.list)
      select(0)
    case .goBack: show(.list)
    default: break
    }
  }

  private func performInEditor(_ action: Action) async {
    guard let editor else { return show(.list) }
    let fields = QuestionEditorViewModel.Field.allCases
    let index = fields.firstIndex(of: focusedField) ?? 0
    switch action {
    case .type, .deleteBackward, .deleteForward, .clearField, .moveCursorLeft,
      .moveCursorRight, .moveCursorToStart, .moveCursorToEnd:
      _ = edit(action)
    case .nextField: focus(fields[(index + 1) % fields.count])
    case .previousField: focus(fields[(index + fields.count - 1) % fields.count])
    case .goBack: closeEditor()
    case .save: await save(editor)
    default: break
    }
  }

  private func save(_ editor: QuestionEditorViewModel) async {
    guard let question = editor.validatedQuestion() else {
      if let field = QuestionEditorViewModel.Field.allCases.first(where: {
        editor.problems[$0] != nil
      }) {
        focus(field)
      }
      return
    }
    do {
      try await list.add(question)
    } catch {
      return  // The list view model's error message is on the status line; the form stays.
    }
    closeEditor(status: .info(editor.isEditing ? "Saved your changes." : "Added the question."))
    select(list.questions.firstIndex { $0.id == question.id } ?? selection)
  }

  private func performInHelp(_ action: Action) {
    switch action {
    case .moveDown: scrollHelp(by: 1)
    case .moveUp: scrollHelp(by: -1)
    case .pageDown: scrollHelp(by: max(size.rows - 3, 1))
    case .pageUp: scrollHelp(by: -max(size.rows - 3, 1))
    case .goBack: show(pageBeforeHelp)
    default: break
    }
  }

  private func performInQuiz(_ action: Action) async {
    switch action {
    case .revealAnswer: quiz.revealAnswer()
    case .knewIt: await quiz.grade(knewIt: true)
    case .didNotKnowIt: await quiz.grade(knewIt: false)
    case .confirm: await quiz.saveResult()
    case .goBack where quiz.hasUnsavedResult && status != Self.discardWarning:
      show(.quiz, status: Self.discardWarning)
    case .goBack:
      quiz.end()
      show(.list)
    default: break
    }
  }

  /// The warning shown before an unsaved quiz result is thrown away.
  static let discardWarning = StatusMessage.error(
    "The result is not saved: press r to try again, or Esc again to discard it.")

  private func performOnSampleOffer(_ action: Action) async {
    switch action {
    case .confirm:
      do {
        try await list.add(contentsOf: Question.sampleDeck)
        show(.list, status: .info("Loaded \(Question.sampleDeck.count) sample questions."))
      } catch {
        show(.list)
      }
    case .goBack: show(.list)
    default: break
    }
  }
}

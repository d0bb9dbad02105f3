// What the user wants to do, as named by the key table and carried out by the full-screen state.

/// A user intent that a key maps to.
nonisolated enum Action: Hashable, Sendable {
  /// Selects the next item.
  case moveDown
  /// Selects the previous item.
  case moveUp
  /// Selects the first item.
  case moveToFirst
  /// Selects the last item.
  case moveToLast
  /// Moves the selection one screenful down.
  case pageDown
  /// Moves the selection one screenful up.
  case pageUp
  /// Opens an empty form for a new question.
  case addQuestion
  /// Opens the form on the selected question.
  case editSelected
  /// Asks to delete the selected question.
  case deleteSelected
  /// Answers yes to the question on screen.
  case confirm
  /// Answers no, or leaves the current screen.
  case goBack
  /// Starts typing a search.
  case startSearch
  /// Keeps the search and goes back to moving through the list.
  case finishSearch
  /// Opens the tag filter.
  case chooseTag
  /// Applies the selected tag filter.
  case applyTag
  /// Starts a quiz on the questions shown.
  case startQuiz
  /// Shows the answer in a quiz.
  case revealAnswer
  /// Grades the current quiz question as known.
  case knewIt
  /// Grades the current quiz question as not known.
  case didNotKnowIt
  /// Opens the statistics.
  case showStatistics
  /// Opens the list of keys.
  case showHelp
  /// Shows the sync conflicts that wait for a choice, one at a time.
  case showSyncConflicts
  /// Keeps the server's version of the sync conflict on screen.
  case keepTheirs
  /// Types a character into the field being edited.
  case type(Character)
  /// Removes the character before the cursor.
  case deleteBackward
  /// Removes the character after the cursor.
  case deleteForward
  /// Empties the field being edited.
  case clearField
  /// Moves the cursor one character left in the field being edited.
  case moveCursorLeft
  /// Moves the cursor one character right in the field being edited.
  case moveCursorRight
  /// Moves the cursor to the start of the field being edited.
  case moveCursorToStart
  /// Moves the cursor to the end of the field being edited.
  case moveCursorToEnd
  /// Moves to the next field of the form.
  case nextField
  /// Moves to the previous field of the form.
  case previousField
  /// Saves the form.
  case save
  /// Leaves the full-screen mode.
  case quit
  /// Leaves the full-screen mode as if interrupted (Ctrl-C).
  case interrupt
}

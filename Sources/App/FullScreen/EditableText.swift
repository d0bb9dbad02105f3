// A line of text being typed, with a cursor: what the search field and the form's fields edit.

/// Text and a cursor position, changed the way a terminal's line editor changes them.
///
/// A plain value, so the full-screen state can apply a key to the search text or to a field
/// of the form and assign the result in one step.
nonisolated struct EditableText: Equatable, Sendable {
  /// The text.
  private(set) var text: String
  /// The cursor, as a number of characters from the start: 0 is before the first one.
  private(set) var cursor: Int

  /// `text` with the cursor at `cursor`, clamped to the text, or at its end by default.
  init(_ text: String, cursor: Int? = nil) {
    self.text = text
    self.cursor = min(max(cursor ?? text.count, 0), text.count)
  }

  /// The marker drawn where the cursor is.
  static let cursorMark: Character = "▏"

  /// The text with ``cursorMark`` at the cursor, for drawing the field that has the focus.
  var textWithCursor: String {
    var shown = text
    shown.insert(Self.cursorMark, at: shown.index(shown.startIndex, offsetBy: cursor))
    return shown
  }

  /// Applies an editing action; returns `false` for an action that does not edit text.
  mutating func apply(_ action: Action) -> Bool {
    switch action {
    case .type(let character):
      text.insert(character, at: index(cursor))
      cursor += 1
    case .deleteBackward where cursor > 0:
      text.remove(at: index(cursor - 1))
      cursor -= 1
    case .deleteForward where cursor < text.count:
      text.remove(at: index(cursor))
    case .deleteBackward, .deleteForward: break
    case .clearField:
      text = ""
      cursor = 0
    case .moveCursorLeft: cursor = max(cursor - 1, 0)
    case .moveCursorRight: cursor = min(cursor + 1, text.count)
    case .moveCursorToStart: cursor = 0
    case .moveCursorToEnd: cursor = text.count
    default: return false
    }
    return true
  }

  private func index(_ offset: Int) -> String.Index {
    text.index(text.startIndex, offsetBy: offset)
  }
}

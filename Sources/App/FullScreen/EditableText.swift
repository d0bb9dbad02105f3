// A line of text being typed, with a cursor: what the search field and the form's fields edit.

/// Text and a cursor position, changed the way a terminal's line editor changes them.
///
/// A plain value, so the full-screen state can apply a key to the search text or to a field
/// of the form and assign the result in one step.
///
/// It keeps the text's length and takes at most ``limit`` characters, so a key pressed at the
/// end of the text, as each key of a paste is, costs no walk over the text, and a paste
/// longer than the field can hold stops growing it at once.
nonisolated struct EditableText: Equatable, Sendable {
  /// The text.
  private(set) var text: String
  /// The cursor, as a number of characters from the start: 0 is before the first one.
  private(set) var cursor: Int
  /// The number of characters of ``text``.
  private(set) var count: Int
  /// The most characters typing may make ``text``; longer text is kept but does not grow.
  let limit: Int

  /// `text` with the cursor at `cursor`, clamped to the text, or at its end by default;
  /// typing stops adding characters at `limit`.
  init(_ text: String, cursor: Int? = nil, limit: Int = .max) {
    self.text = text
    count = text.count
    self.cursor = min(max(cursor ?? count, 0), count)
    self.limit = limit
  }

  /// The marker drawn where the cursor is.
  static let cursorMark: Character = "▏"

  /// The text with ``cursorMark`` at the cursor, for drawing the field that has the focus.
  var textWithCursor: String {
    var shown = text
    shown.insert(Self.cursorMark, at: index(cursor))
    return shown
  }

  /// Applies an editing action; returns `false` for an action that does not edit text.
  mutating func apply(_ action: Action) -> Bool {
    switch action {
    case .type where count >= limit: break
    case .type(let character) where cursor == count:
      text.append(character)
      // A combining mark typed after a letter joins it: still one character. Only the last
      // character is looked at, so typing at the end never walks the text.
      if text.last == character {
        count += 1
        cursor += 1
      }
    case .type(let character):
      text.insert(character, at: index(cursor))
      let grown = text.count - count
      count += grown
      cursor += grown
    case .deleteBackward where cursor > 0:
      text.remove(at: index(cursor - 1))
      cursor -= 1
      count -= 1
    case .deleteForward where cursor < count:
      text.remove(at: index(cursor))
      count -= 1
    case .deleteBackward, .deleteForward: break
    case .clearField:
      text = ""
      cursor = 0
      count = 0
    case .moveCursorLeft: cursor = max(cursor - 1, 0)
    case .moveCursorRight: cursor = min(cursor + 1, count)
    case .moveCursorToStart: cursor = 0
    case .moveCursorToEnd: cursor = count
    default: return false
    }
    return true
  }

  private func index(_ offset: Int) -> String.Index {
    offset == count ? text.endIndex : text.index(text.startIndex, offsetBy: offset)
  }
}

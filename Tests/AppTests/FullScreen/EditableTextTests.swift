// Line editing in the search field and the form: a cursor, insertion and deletion around it.

import TerminalUI
import Testing

@testable import App

@Suite struct EditableTextTests {
  private func applying(_ actions: [Action], to text: String) -> EditableText {
    var editable = EditableText(text)
    for action in actions {
      let applied = editable.apply(action)
      #expect(applied)
    }
    return editable
  }

  @Test func typingInsertsAtTheCursor() {
    let edited = applying([.moveCursorLeft, .moveCursorLeft, .type("X")], to: "abcd")
    #expect(edited.text == "abXcd")
    #expect(edited.cursor == 3)
    #expect(edited.textWithCursor == "abX▏cd")
  }

  @Test func backspaceAndDeleteRemoveEitherSideOfTheCursor() {
    let edited = applying([.moveCursorToStart, .moveCursorRight, .deleteBackward], to: "abc")
    #expect((edited.text, edited.cursor) == ("bc", 0))
    let forward = applying([.moveCursorToStart, .deleteForward], to: "abc")
    #expect((forward.text, forward.cursor) == ("bc", 0))
  }

  @Test func editingAtTheEdgesChangesNothing() {
    let start = applying([.moveCursorToStart, .deleteBackward, .moveCursorLeft], to: "ab")
    #expect((start.text, start.cursor) == ("ab", 0))
    let end = applying([.deleteForward, .moveCursorRight], to: "ab")
    #expect((end.text, end.cursor) == ("ab", 2))
  }

  @Test func clearEmptiesTheField() {
    let edited = applying([.moveCursorLeft, .clearField], to: "abc")
    #expect((edited.text, edited.cursor) == ("", 0))
  }

  @Test func theCursorCountsCharactersNotBytes() {
    let edited = applying([.moveCursorLeft, .type("é")], to: "日本😀")
    #expect(edited.text == "日本é😀")
    #expect(edited.textWithCursor == "日本é▏😀")
  }

  @Test func otherActionsAreNotEdits() {
    var editable = EditableText("abc")
    let saved = editable.apply(.save)
    let moved = editable.apply(.moveDown)
    #expect(!saved && !moved)
    #expect(editable == EditableText("abc"))
  }

  @Test(arguments: [
    (Key.left, Action.moveCursorLeft), (.right, .moveCursorRight), (.home, .moveCursorToStart),
    (.end, .moveCursorToEnd), (.control("a"), .moveCursorToStart),
    (.control("e"), .moveCursorToEnd),
    (.control("b"), .moveCursorLeft), (.control("f"), .moveCursorRight), (.delete, .deleteForward),
    (.control("d"), .deleteForward),
  ])
  func lineEditingKeysOnTextPages(key: Key, action: Action) {
    #expect(KeyTable.action(for: key, on: .search) == action)
    #expect(KeyTable.action(for: key, on: .editor) == action)
  }
}

// The key table: which key does what on each page, and that hints and help come from it.

import TerminalUI
import Testing

@testable import App

@Suite struct KeyTableTests {
  @Test(arguments: [
    (Key.character("j"), Page.list, Action.moveDown),
    (.down, .list, .moveDown),
    (.character("k"), .list, .moveUp),
    (.up, .list, .moveUp),
    (.character("g"), .list, .moveToFirst),
    (.character("G"), .list, .moveToLast),
    (.pageDown, .list, .pageDown),
    (.pageUp, .list, .pageUp),
    (.character("a"), .list, .addQuestion),
    (.character("e"), .list, .editSelected),
    (.character("d"), .list, .deleteSelected),
    (.character("/"), .list, .startSearch),
    (.character("t"), .list, .chooseTag),
    (.character("s"), .list, .startQuiz),
    (.character("v"), .list, .showStatistics),
    (.character("?"), .list, .showHelp),
    (.character("q"), .list, .quit),
    (.escape, .list, .goBack),
    (.character("y"), .confirmDelete, .confirm),
    (.character("n"), .confirmDelete, .goBack),
    (.escape, .confirmDelete, .goBack),
    (.character(" "), .quiz, .revealAnswer),
    (.character("y"), .quiz, .knewIt),
    (.character("n"), .quiz, .didNotKnowIt),
    (.enter, .editor, .save),
    (.tab, .editor, .nextField),
    (.backTab, .editor, .previousField),
    (.escape, .editor, .goBack),
    (.enter, .search, .finishSearch),
    (.escape, .search, .goBack),
    (.enter, .tags, .applyTag),
    (.character("y"), .sampleOffer, .confirm),
    (.character("n"), .sampleOffer, .goBack),
    (.escape, .help, .goBack),
    (.escape, .statistics, .goBack),
  ])
  func keyMapsToAction(key: Key, page: Page, action: Action) {
    #expect(KeyTable.action(for: key, on: page) == action)
  }

  @Test func printableKeysAreTypedWhereThePageTakesText() {
    #expect(KeyTable.action(for: .character("q"), on: .editor) == .type("q"))
    #expect(KeyTable.action(for: .character("é"), on: .search) == .type("é"))
    #expect(KeyTable.action(for: .character("j"), on: .search) == .type("j"))
    #expect(KeyTable.action(for: .backspace, on: .editor) == .deleteBackward)
    #expect(KeyTable.action(for: .control("u"), on: .search) == .clearField)
    #expect(KeyTable.action(for: .character("x"), on: .list) == nil)
  }

  @Test(arguments: Page.allCases)
  func controlCQuitsFromEveryPage(page: Page) {
    #expect(KeyTable.action(for: .control("c"), on: page) == .interrupt)
  }

  @Test(arguments: Page.allCases)
  func noKeyIsBoundTwiceOnAPage(page: Page) {
    let keys = KeyTable.bindings(for: page).flatMap(\.keys)
    #expect(Set(keys).count == keys.count)
  }

  @Test func unknownSequencesDoNothing() {
    #expect(KeyTable.action(for: .unknown([0x1B, 0x5B, 0x39, 0x39, 0x7E]), on: .list) == nil)
    #expect(KeyTable.action(for: .unknown([0x1B]), on: .editor) == nil)
  }
}

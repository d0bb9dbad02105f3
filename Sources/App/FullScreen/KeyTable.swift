// Maps keys to actions for each page: the one place that says which key does what.

import TerminalUI

/// The key bindings of every page of the full-screen mode.
///
/// The hint bar and the help page are generated from the same table, so they always show the
/// keys that really work. On the pages where the user types (search and the form), a printable
/// character that no binding claims is typed into the field, and a shell's line-editing keys
/// work: Left/Right (Ctrl-B/F), Home/End (Ctrl-A/E), Backspace, Delete (Ctrl-D) and Ctrl-U.
nonisolated enum KeyTable {
  /// The action for `key` on `page`, or `nil` when the key does nothing there.
  static func action(for key: Key, on page: Page) -> Action? {
    if key == .control("c") { return .interrupt }
    if let binding = bindings(for: page).first(where: { $0.keys.contains(key) }) {
      return binding.action
    }
    guard page.takesText else { return nil }
    switch key {
    case .character(let character): return .type(character)
    case .backspace: return .deleteBackward
    case .delete, .control("d"): return .deleteForward
    case .control("u"): return .clearField
    case .left, .control("b"): return .moveCursorLeft
    case .right, .control("f"): return .moveCursorRight
    case .home, .control("a"): return .moveCursorToStart
    case .end, .control("e"): return .moveCursorToEnd
    default: return nil
    }
  }

  /// The bindings of `page`, in the order the hint bar shows them.
  static func bindings(for page: Page) -> [KeyBinding] {
    switch page {
    case .list: listBindings
    case .search:
      [
        KeyBinding([.enter], .finishSearch, "Enter", "done"),
        KeyBinding([.escape], .goBack, "Esc", "clear"),
        KeyBinding([.down], .moveDown, "↓", "down"),
        KeyBinding([.up], .moveUp, "↑", "up"),
      ]
    case .tags:
      [
        KeyBinding([.enter], .applyTag, "Enter", "filter"),
        KeyBinding([.character("j"), .down], .moveDown, "j/↓", "down"),
        KeyBinding([.character("k"), .up], .moveUp, "k/↑", "up"),
        KeyBinding([.escape], .goBack, "Esc", "back"),
        KeyBinding([.character("q")], .quit, "q", "quit"),
      ]
    case .editor:
      [
        KeyBinding([.enter], .save, "Enter", "save"),
        KeyBinding([.tab, .down], .nextField, "Tab", "next field"),
        KeyBinding([.backTab, .up], .previousField, "S-Tab", "previous"),
        KeyBinding([.escape], .goBack, "Esc", "cancel"),
      ]
    case .confirmDelete:
      [
        KeyBinding([.character("y"), .character("Y")], .confirm, "y", "delete"),
        KeyBinding([.character("n"), .character("N"), .escape], .goBack, "n/Esc", "keep"),
      ]
    case .editConflict:
      [
        KeyBinding([.character("m"), .character("M")], .confirm, "m", "keep mine"),
        KeyBinding(
          [.character("t"), .character("T"), .escape], .goBack, "t/Esc", "keep theirs"),
      ]
    case .syncConflict:
      [
        KeyBinding([.character("m"), .character("M")], .confirm, "m", "keep mine"),
        KeyBinding([.character("t"), .character("T")], .keepTheirs, "t", "keep theirs"),
        KeyBinding([.escape], .goBack, "Esc", "later"),
        KeyBinding([.character("q")], .quit, "q", "quit"),
      ]
    case .quiz: quizBindings
    case .statistics:
      [
        KeyBinding([.character("j"), .down], .moveDown, "j/↓", "scroll", hint: "j/k scroll"),
        KeyBinding([.character("k"), .up], .moveUp, "k/↑", "scroll up").hiddenFromHintBar(),
        KeyBinding([.pageDown], .pageDown, "PgDn", "page").hiddenFromHintBar(),
        KeyBinding([.pageUp], .pageUp, "PgUp", "page up").hiddenFromHintBar(),
        KeyBinding([.escape], .goBack, "Esc", "back"),
        KeyBinding([.character("q")], .quit, "q", "quit"),
      ]
    case .help:
      [
        KeyBinding([.character("j"), .down], .moveDown, "j/↓", "scroll", hint: "j/k scroll"),
        KeyBinding([.character("k"), .up], .moveUp, "k/↑", "scroll up").hiddenFromHintBar(),
        KeyBinding([.pageDown], .pageDown, "PgDn", "page").hiddenFromHintBar(),
        KeyBinding([.pageUp], .pageUp, "PgUp", "page up").hiddenFromHintBar(),
        KeyBinding([.escape], .goBack, "Esc", "back"),
        KeyBinding([.character("q")], .quit, "q", "quit"),
      ]
    case .sampleOffer:
      [
        KeyBinding(
          [.character("y"), .character("Y"), .enter], .confirm, "y", "load the sample deck"),
        KeyBinding([.character("n"), .character("N"), .escape], .goBack, "n", "start empty"),
        KeyBinding([.character("q")], .quit, "q", "quit"),
      ]
    }
  }

  private static let listBindings = [
    KeyBinding([.character("j"), .down], .moveDown, "j/↓", "down", hint: "j/k move"),
    KeyBinding([.character("k"), .up], .moveUp, "k/↑", "up").hiddenFromHintBar(),
    // First of the rest: when sync conflicts wait (the only time it shows), it matters most.
    KeyBinding([.character("c")], .showSyncConflicts, "c", "sync conflicts"),
    KeyBinding([.character("a")], .addQuestion, "a", "add"),
    KeyBinding([.character("e")], .editSelected, "e", "edit"),
    KeyBinding([.character("d")], .deleteSelected, "d", "delete"),
    KeyBinding([.character("/")], .startSearch, "/", "search"),
    KeyBinding([.character("t")], .chooseTag, "t", "tag"),
    KeyBinding([.character("s")], .startQuiz, "s", "quiz"),
    KeyBinding([.character("v")], .showStatistics, "v", "stats"),
    KeyBinding([.character("?")], .showHelp, "?", "help"),
    KeyBinding([.character("q")], .quit, "q", "quit"),
    KeyBinding([.character("g"), .home], .moveToFirst, "g", "first").hiddenFromHintBar(),
    KeyBinding([.character("G"), .end], .moveToLast, "G", "last").hiddenFromHintBar(),
    KeyBinding([.pageDown, .control("f")], .pageDown, "PgDn", "page").hiddenFromHintBar(),
    KeyBinding([.pageUp, .control("b")], .pageUp, "PgUp", "page").hiddenFromHintBar(),
    KeyBinding([.escape], .goBack, "Esc", "clear filters"),
  ]

  private static let quizBindings = [
    KeyBinding([.character(" "), .enter], .revealAnswer, "Space", "show answer"),
    KeyBinding([.character("y"), .character("Y")], .knewIt, "y", "knew it"),
    KeyBinding([.character("n"), .character("N")], .didNotKnowIt, "n", "didn't"),
    KeyBinding([.character("r")], .confirm, "r", "save again"),
    KeyBinding([.escape], .goBack, "Esc", "back"),
    KeyBinding([.character("q")], .quit, "q", "quit"),
  ]
}

extension Page {
  /// Whether printable keys are typed into a field on this page.
  nonisolated var takesText: Bool { self == .search || self == .editor }
}

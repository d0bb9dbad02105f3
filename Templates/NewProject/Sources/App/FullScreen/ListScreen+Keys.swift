// What each key does on each page of the full-screen list, as calls on the screen and its model.

import Models
import TerminalUI
import ViewModels

extension ListScreen {
  /// The exit status after Ctrl-C, as a shell reports a process ended by SIGINT.
  static let interruptedStatus: Int32 = 130

  /// Handles one key: moves the selection, edits text, or calls the model's flows.
  func handle(_ key: Key) async {
    if key == .control("c") { return finish(status: Self.interruptedStatus) }
    switch page {
    case .help:
      if key == .character("q") { finish(status: 0) } else { setShowingHelp(false) }
    case .confirmDelete:
      switch key {
      case .character("y"), .character("Y"):
        await model.confirmDeletion()
        select(selection)
      case .character("n"), .character("N"), .escape: model.dismiss()
      default: break
      }
    case .editor: await handleInEditor(key)
    case .search: handleInSearch(key)
    case .list: handleInList(key)
    }
  }

  private func handleInList(_ key: Key) {
    model.dismissNotice()
    switch key {
    case .character("j"), .down: select(selection + 1)
    case .character("k"), .up: select(selection - 1)
    case .character("g"), .home: select(0)
    case .character("G"), .end: select(list.items.count - 1)
    case .pageDown: select(selection + visibleRowCount)
    case .pageUp: select(selection - visibleRowCount)
    case .character("a"): model.add__MODEL__()
    case .character("d"): if let item = selected__MODEL__ { model.askToDelete(item) }
    case .character("/"): setSearching(true)
    case .character("?"): setShowingHelp(true)
    case .character("q"): finish(status: 0)
    case .escape:
      list.searchText = ""
      select(0)
    default: break
    }
  }

  private func handleInSearch(_ key: Key) {
    switch key {
    case .enter: setSearching(false)
    case .escape:
      list.searchText = ""
      setSearching(false)
    case .down: select(selection + 1)
    case .up: select(selection - 1)
    case .backspace:
      if !list.searchText.isEmpty { list.searchText.removeLast() }
      select(0)
    case .control("u"):
      list.searchText = ""
      select(0)
    case .character(let character):
      list.searchText.append(character)
      select(0)
    default: break
    }
  }

  private func handleInEditor(_ key: Key) async {
    guard let editor else { return }
    switch key {
    case .enter:
      if let saved = await model.saveEditor() {
        list.searchText = ""
        select(id: saved.id)
      }
    case .escape: model.dismiss()
    case .backspace: if !editor.title.isEmpty { editor.title.removeLast() }
    case .control("u"): editor.title = ""
    case .character(let character): editor.title.append(character)
    default: break
    }
  }
}

// What each key does in each mode of the full-screen app, as calls on the screen and its page.

import LocalStoreSyncKit
import TerminalUI

extension ListScreen {
  /// The exit status after Ctrl-C, as a shell reports a process ended by SIGINT.
  static let interruptedStatus: Int32 = 130

  /// Handles one key: moves the selection, edits text, or calls the page's flows.
  func handle(_ key: Key) async {
    if key == .control("c") { return finish(status: Self.interruptedStatus) }
    switch mode {
    case .help:
      if key == .character("q") { finish(status: 0) } else { setShowingHelp(false) }
    case .confirmDelete:
      switch key {
      case .character("y"), .character("Y"):
        await page.deleteAskedAbout()
        select(selection)
      case .character("n"), .character("N"), .escape: page.dismiss()
      default: break
      }
    case .conflict:
      switch key {
      case .character("m"), .character("M"):
        if let id = await page.keepMyVersion() { select(id: id) }
      case .character("t"), .character("T"), .escape: page.keepTheirs()
      default: break
      }
    case .syncConflict:
      guard let syncConflicts else { return }
      switch key {
      case .character("m"), .character("M"): await syncConflicts.keep(mine: true)
      case .character("t"), .character("T"): await syncConflicts.keep(mine: false)
      case .escape: syncConflicts.close()
      case .character("q"): finish(status: 0)
      default: break
      }
    case .editor: await handleInEditor(key)
    case .search: handleInSearch(key)
    case .list:
      if key == .character("c"), syncConflictsWait {
        page.dismissNotice()
        await syncConflicts?.show()
        return
      }
      handleInList(key)
    }
  }

  private func handleInList(_ key: Key) {
    page.dismissNotice()
    syncConflicts?.dismissNotice()
    switch key {
    case .character("j"), .down: select(selection + 1)
    case .character("k"), .up: select(selection - 1)
    case .character("g"), .home: select(0)
    case .character("G"), .end: select(page.rows.count - 1)
    case .pageDown: select(selection + visibleRowCount)
    case .pageUp: select(selection - visibleRowCount)
    case .tab: switchPage(by: 1)
    case .backTab: switchPage(by: -1)
    case .character("a"):
      focus(field: 0, of: 1)
      page.add()
    case .character("e"), .enter:
      if let row = selectedRow {
        focus(field: 0, of: 1)
        page.edit(row.id)
      }
    case .character("d"): if let row = selectedRow { page.askToDelete(row.id) }
    case .character("/"): setSearching(true)
    case .character("?"): setShowingHelp(true)
    case .character("q"): finish(status: 0)
    case .escape:
      page.searchText = ""
      select(0)
    default: break
    }
  }

  private func handleInSearch(_ key: Key) {
    switch key {
    case .enter: setSearching(false)
    case .escape:
      page.searchText = ""
      setSearching(false)
    case .down: select(selection + 1)
    case .up: select(selection - 1)
    case .backspace:
      if !page.searchText.isEmpty { page.searchText.removeLast() }
      select(0)
    case .control("u"):
      page.searchText = ""
      select(0)
    case .character(let character):
      page.searchText.append(character)
      select(0)
    default: break
    }
  }

  private func handleInEditor(_ key: Key) async {
    guard case .editor(let form) = page.overlay, !form.fields.isEmpty else { return }
    let count = form.fields.count
    let field = min(focusedField, count - 1)
    var text = form.fields[field].text
    switch key {
    case .enter:
      if let saved = await page.saveForm() {
        page.searchText = ""
        select(id: saved)
      } else if case .editor(let after) = page.overlay,
        let problem = after.fields.firstIndex(where: { $0.problem != nil })
      {
        focus(field: problem, of: count)
      }
      return
    case .escape: return page.dismiss()
    case .tab, .down: return focus(field: field + 1, of: count)
    case .backTab, .up: return focus(field: field - 1, of: count)
    case .backspace: if !text.isEmpty { text.removeLast() }
    case .control("u"): text = ""
    case .character(let character): text.append(character)
    default: return
    }
    page.setText(text, ofField: field)
  }
}

// The observable state of the full-screen app: the page shown, the selection, the focused field, the size.

import Foundation
import LocalStoreSyncKit
import Models
import Observation
import TerminalUI
import ViewModels

/// Everything the full-screen app shows, besides what its view models hold.
///
/// The flows (the form, the confirmation before a deletion, an edit conflict) belong to each
/// page's model, the same one a SwiftUI front end drives. This object adds only what a
/// terminal needs on top: which page is shown, the selection and its scroll position, the
/// form field that has the cursor, whether typing goes into the search, the help page, the
/// terminal's size and the exit status. It is `@Observable`, so the run loop redraws whenever
/// anything the frame read changes.
@Observable
final class ListScreen {
  /// The modes of the screen, each with its own keys.
  enum Mode: Equatable {
    /// The list, keys move and act.
    case list
    /// The list, typing goes into the search.
    case search
    /// The form that adds or edits a value.
    case editor
    /// The list, with "Delete? y/n" on the status line.
    case confirmDelete
    /// Another writer changed the value the form saved: which to keep?
    case conflict
    /// A value changed here and on another device, shown until the person keeps one.
    case syncConflict
    /// The keys, over whatever else is shown.
    case help
  }

  /// The size of the terminal, updated when it changes.
  var size: TerminalSize {
    // After a resize the selected row stays on screen, and a taller window is filled.
    didSet { if size != oldValue { select(selection) } }
  }
  /// Whether keys go into the search field.
  private(set) var isSearching = false
  /// Whether the help page is shown.
  private(set) var isShowingHelp = false
  /// The index in ``pages`` of the page shown.
  private(set) var pageIndex = 0
  /// The index of the selected row.
  private(set) var selection = 0
  /// The index of the first row shown, so the selection stays on screen.
  private(set) var scrollOffset = 0
  /// The form field that has the cursor.
  private(set) var focusedField = 0
  /// The exit status once the person asked to leave; `nil` while running.
  private(set) var exitStatus: Int32?

  /// The app: one page per model.
  let model: __NAME__Model
  /// The pages, in the order Tab visits them.
  let pages: [any ScreenPage]
  /// Where the background sync stands, when the folder syncs; the title bar shows it.
  let sync: SyncStatusModel?
  /// The sync conflicts waiting for a choice, when the folder syncs.
  let syncConflicts: SyncConflictsModel<__MODEL__>?

  /// The state of a new session of `model` on a terminal of `size`, with `sync` and
  /// `syncConflicts` when the folder syncs.
  init(
    model: __NAME__Model, size: TerminalSize, sync: SyncStatusModel? = nil,
    syncConflicts: SyncConflictsModel<__MODEL__>? = nil
  ) {
    self.model = model
    self.size = size
    self.sync = sync
    self.syncConflicts = syncConflicts
    pages = Self.pages(of: model)
  }

  /// The pages of `model`, in the order Tab visits them; `make add-model` adds a line here.
  static func pages(of model: __NAME__Model) -> [any ScreenPage] {
    [
      __MODEL__Screen(model.__models__)
      // add-model: full-screen pages
    ]
  }

  /// The page shown.
  var page: any ScreenPage { pages[pageIndex] }

  /// The mode the keys and the frame follow.
  var mode: Mode {
    if isShowingHelp { return .help }
    if syncConflicts?.current != nil { return .syncConflict }
    switch page.overlay {
    case .editor: return .editor
    case .confirmDeletion: return .confirmDelete
    case .conflict: return .conflict
    case .none: return isSearching ? .search : .list
    }
  }

  /// Whether sync conflicts wait: the title bar says so, and `c` shows them.
  var syncConflictsWait: Bool {
    if case .conflict? = sync?.indicator { syncConflicts != nil } else { false }
  }

  /// The selected row, if the list is not empty.
  var selectedRow: PageRow? {
    let rows = page.rows
    return rows.indices.contains(selection) ? rows[selection] : nil
  }

  /// How many rows fit on the list at the current size.
  var visibleRowCount: Int { max(size.rows - 5, 1) }

  /// Records the exit status; the run loop stops after the current key.
  func finish(status: Int32) {
    exitStatus = status
  }

  /// Shows the next page (or the previous one), with its own search cleared of typing focus.
  func switchPage(by offset: Int) {
    guard pages.count > 1 else { return }
    page.dismissNotice()
    pageIndex = (pageIndex + offset + pages.count) % pages.count
    isSearching = false
    selection = 0
    scrollOffset = 0
  }

  /// Moves the selection to `index`, clamped to the list, scrolling to keep it visible.
  func select(_ index: Int) {
    let count = page.rows.count
    let clamped = min(max(index, 0), max(count - 1, 0))
    var offset = scrollOffset
    if clamped < offset { offset = clamped }
    if clamped >= offset + visibleRowCount { offset = clamped - visibleRowCount + 1 }
    offset = min(offset, max(count - visibleRowCount, 0))
    if selection != clamped { selection = clamped }
    if scrollOffset != offset { scrollOffset = offset }
  }

  /// Selects the row with `id`, if it is shown.
  func select(id: UUID) {
    if let index = page.rows.firstIndex(where: { $0.id == id }) { select(index) }
  }

  /// Puts the cursor in the form field at `index`, wrapping around.
  func focus(field index: Int, of count: Int) {
    focusedField = count == 0 ? 0 : (index + count) % count
  }

  /// Sends typing to the search, or back to the list's keys.
  func setSearching(_ searching: Bool) {
    page.dismissNotice()
    if isSearching != searching { isSearching = searching }
  }

  /// Shows or hides the help page.
  func setShowingHelp(_ showing: Bool) {
    page.dismissNotice()
    if isShowingHelp != showing { isShowingHelp = showing }
  }
}

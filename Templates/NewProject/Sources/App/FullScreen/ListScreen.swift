// The observable state of the full-screen list: the page shown, the selection, the search, the size.

import Models
import Observation
import TerminalUI
import ViewModels

/// Everything the full-screen list shows, besides what its view models hold.
///
/// The flows (the form, the confirmation before a deletion) belong to ``model``, the same
/// ``__NAME__Model`` a SwiftUI front end would drive. This object adds only what a terminal
/// needs on top: the selection and its scroll position, whether typing goes into the search,
/// the help page, the terminal's size and the exit status. It is `@Observable`, so the run
/// loop redraws whenever anything the frame read changes.
@Observable
final class ListScreen {
  /// The pages, each with its own keys.
  enum Page: Equatable {
    /// The list, keys move and act.
    case list
    /// The list, typing goes into the search.
    case search
    /// The one-line form that adds a value.
    case editor
    /// The list, with "Delete? y/n" on the status line.
    case confirmDelete
    /// The keys, over whatever else is shown.
    case help
  }

  /// The size of the terminal, updated when it changes.
  var size: TerminalSize
  /// Whether keys go into the search field.
  private(set) var isSearching = false
  /// Whether the help page is shown.
  private(set) var isShowingHelp = false
  /// The index of the selected value in the list view model's `items`.
  private(set) var selection = 0
  /// The index of the first value shown, so the selection stays on screen.
  private(set) var scrollOffset = 0
  /// The exit status once the person asked to leave; `nil` while running.
  private(set) var exitStatus: Int32?

  /// The flows and the list they move between.
  let model: __NAME__Model

  /// The state of a new session of `model` on a terminal of `size`.
  init(model: __NAME__Model, size: TerminalSize) {
    self.model = model
    self.size = size
  }

  /// The values, their search and filter.
  var list: __MODEL__ListViewModel { model.list }

  /// The page on screen.
  var page: Page {
    if isShowingHelp { return .help }
    switch model.destination {
    case .editor: return .editor
    case .confirmDeletion: return .confirmDelete
    case nil: return isSearching ? .search : .list
    }
  }

  /// The form, while it is open.
  var editor: __MODEL__EditorViewModel? {
    if case .editor(let editor) = model.destination { editor } else { nil }
  }

  /// The selected value, if the list is not empty.
  var selected__MODEL__: __MODEL__? {
    list.items.indices.contains(selection) ? list.items[selection] : nil
  }

  /// How many values fit on the list at the current size.
  var visibleRowCount: Int { max(size.rows - 5, 1) }

  /// Records the exit status; the run loop stops after the current key.
  func finish(status: Int32) {
    exitStatus = status
  }

  /// Moves the selection to `index`, clamped to the list, scrolling to keep it visible.
  func select(_ index: Int) {
    let count = list.items.count
    let clamped = min(max(index, 0), max(count - 1, 0))
    var offset = scrollOffset
    if clamped < offset { offset = clamped }
    if clamped >= offset + visibleRowCount { offset = clamped - visibleRowCount + 1 }
    offset = min(offset, max(count - visibleRowCount, 0))
    if selection != clamped { selection = clamped }
    if scrollOffset != offset { scrollOffset = offset }
  }

  /// Selects the value with `id`, if it is shown.
  func select(id: __MODEL__.ID) {
    if let index = list.items.firstIndex(where: { $0.id == id }) { select(index) }
  }

  /// Sends typing to the search, or back to the list's keys.
  func setSearching(_ searching: Bool) {
    model.dismissNotice()
    if isSearching != searching { isSearching = searching }
  }

  /// Shows or hides the help page.
  func setShowingHelp(_ showing: Bool) {
    model.dismissNotice()
    if isShowingHelp != showing { isShowingHelp = showing }
  }
}

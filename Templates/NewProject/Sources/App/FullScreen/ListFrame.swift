// Draws a whole frame from the list screen: title bar, the list or the page over it, status, hints.

import Models
import TerminalUI
import ViewModels

/// The pure function from state to frame that the run loop observes.
///
/// It reads the screen and its view models and nothing else, so `Observations` re-runs it
/// whenever something it read changes, and the same state always gives the same frame.
enum ListFrame {
  /// The smallest terminal the page is laid out for.
  static let minimumSize = TerminalSize(columns: 20, rows: 6)
  /// The marker drawn where typing goes.
  static let cursor = "▏"

  /// The frame for `screen` at its terminal size.
  static func frame(for screen: ListScreen) -> Frame {
    let size = screen.size
    var frame = Frame(columns: size.columns, rows: size.rows)
    guard size.columns >= minimumSize.columns, size.rows >= minimumSize.rows else {
      frame.write("Terminal too small", row: 0, column: 0)
      return frame
    }
    drawTitle(screen, into: &frame)
    switch screen.page {
    case .list, .search, .confirmDelete: drawList(screen, into: &frame)
    case .editor: drawEditor(screen, into: &frame)
    case .help: drawHelp(into: &frame)
    }
    drawStatus(screen, into: &frame)
    frame.write(" " + hints(for: screen.page), row: frame.rows - 1, column: 0, style: .dim)
    return frame
  }

  private static func drawTitle(_ screen: ListScreen, into frame: inout Frame) {
    var title = " __NAME__"
    if screen.page == .search || !screen.list.searchText.isEmpty {
      title += " /" + screen.list.searchText + (screen.page == .search ? cursor : "")
    }
    let shown = screen.list.items.count
    let total = screen.list.totalCount
    let counter = (shown == total ? "\(total)" : "\(shown) of \(total)") + " "
    let counterWidth = DisplayWidth.of(counter)
    frame.write(title, row: 0, column: 0, width: frame.columns - counterWidth - 1)
    frame.write(counter, row: 0, column: frame.columns - counterWidth)
    frame.paint(row: 0, style: .reversed)
  }

  private static func drawList(_ screen: ListScreen, into frame: inout Frame) {
    let items = screen.list.items
    if items.isEmpty {
      let empty = screen.list.totalCount == 0
      frame.write(
        empty ? "Nothing here yet." : "Nothing matches the search.", row: 2, column: 2,
        style: .bold)
      frame.write(
        empty ? "Press a to add one." : "Press Esc to show everything.", row: 3, column: 2)
    }
    let end = min(screen.scrollOffset + screen.visibleRowCount, items.count)
    for (row, index) in zip(1..., screen.scrollOffset..<max(end, screen.scrollOffset)) {
      drawRow(items[index], isSelected: index == screen.selection, row: row, into: &frame)
    }
    let separator = frame.rows - 4
    frame.write(
      String(repeating: "─", count: frame.columns), row: separator, column: 0, style: .dim)
    guard let item = screen.selected__MODEL__ else { return }
    let notes = item.notes.isEmpty ? "no notes" : item.notes
    frame.write(
      notes, row: separator + 1, column: 1, style: item.notes.isEmpty ? .dim : .plain,
      width: frame.columns - 2)
  }

  private static func drawRow(
    _ item: __MODEL__, isSelected: Bool, row: Int, into frame: inout Frame
  ) {
    var tagsWidth = 0
    if !item.tags.isEmpty {
      let tags = item.tags.map { "#" + $0 }.joined(separator: " ")
      tagsWidth = min(DisplayWidth.of(tags), frame.columns / 3)
      frame.write(
        tags, row: row, column: frame.columns - tagsWidth - 1, style: CellStyle.dim.colored(.cyan),
        width: tagsWidth)
    }
    frame.write(item.title, row: row, column: 1, width: frame.columns - tagsWidth - 4)
    if isSelected { frame.paint(row: row, style: .reversed) }
  }

  private static func drawEditor(_ screen: ListScreen, into frame: inout Frame) {
    guard let editor = screen.editor else { return }
    frame.write(editor.isEditing ? "Edit" : "New __model__", row: 2, column: 2, style: .bold)
    frame.write("Title: " + editor.title + cursor, row: 4, column: 2, width: frame.columns - 4)
    if let problem = editor.problem {
      frame.write(problem, row: 6, column: 2, style: CellStyle.bold.colored(.red))
    }
  }

  private static func drawHelp(into frame: inout Frame) {
    let lines = [
      ("j/k ↓/↑", "move"), ("g/G", "first / last"), ("a", "add"), ("d", "delete (asks first)"),
      ("/", "search as you type"), ("Esc", "clear the search"), ("?", "this help"),
      ("q, Ctrl-C", "quit"),
    ]
    frame.write("Keys", row: 2, column: 2, style: .bold)
    for (offset, line) in lines.enumerated() where 4 + offset < frame.rows - 2 {
      frame.write(line.0, row: 4 + offset, column: 2, style: .bold)
      frame.write(line.1, row: 4 + offset, column: 14)
    }
  }

  private static func drawStatus(_ screen: ListScreen, into frame: inout Frame) {
    let row = frame.rows - 2
    if screen.page == .confirmDelete, case .confirmDeletion(let item) = screen.model.destination {
      frame.write(
        " Delete? y/n  “\(item.title)”", row: row, column: 0, style: CellStyle.bold.colored(.yellow)
      )
    } else if let error = screen.list.errorMessage {
      frame.write(" " + error, row: row, column: 0, style: CellStyle.bold.colored(.red))
    } else if let notice = screen.model.notice {
      frame.write(" " + notice, row: row, column: 0, style: CellStyle.plain.colored(.green))
    }
  }

  private static func hints(for page: ListScreen.Page) -> String {
    switch page {
    case .list: "j/k move  a add  d delete  / search  ? help  q quit"
    case .search: "Enter done  Esc clear  ↓/↑ move"
    case .editor: "Enter save  Esc cancel"
    case .confirmDelete: "y delete  n/Esc keep"
    case .help: "Esc back  q quit"
    }
  }
}

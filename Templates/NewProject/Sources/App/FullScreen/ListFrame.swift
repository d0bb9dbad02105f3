// Draws a whole frame from the screen: title bar with the pages, the list or what is over it, status, hints.

import LocalStoreSync
import LocalStoreSyncKit
import Models
import TerminalUI

/// The pure function from state to frame that the run loop observes.
///
/// It reads the screen and its pages and nothing else, so `Observations` re-runs it whenever
/// something it read changes, and the same state always gives the same frame.
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
    switch screen.mode {
    case .list, .search, .confirmDelete: drawList(screen, into: &frame)
    case .editor: drawEditor(screen, into: &frame)
    case .conflict: drawConflict(screen, into: &frame)
    case .syncConflict: drawSyncConflict(screen, into: &frame)
    case .help: drawHelp(screen, into: &frame)
    }
    drawStatus(screen, into: &frame)
    frame.write(" " + hints(for: screen), row: frame.rows - 1, column: 0, style: .dim)
    return frame
  }

  private static func drawTitle(_ screen: ListScreen, into frame: inout Frame) {
    let page = screen.page
    var title = " __NAME__"
    title +=
      screen.pages.count > 1
      ? "  " + screen.pages.map { $0 === page ? "[\($0.title)]" : $0.title }.joined(separator: " ")
      : ""
    if screen.mode == .search || !page.searchText.isEmpty {
      title += "  /" + page.searchText + (screen.mode == .search ? cursor : "")
    }
    let shown = page.rows.count
    let total = page.totalCount
    // A folder that syncs says where it stands first: "synced · 12", "offline, 2 pending · 12".
    let syncState = screen.sync.map { $0.indicator.text + " · " } ?? ""
    let counter = syncState + (shown == total ? "\(total)" : "\(shown) of \(total)") + " "
    let counterWidth = DisplayWidth.of(counter)
    frame.write(title, row: 0, column: 0, width: frame.columns - counterWidth - 1)
    frame.write(counter, row: 0, column: frame.columns - counterWidth)
    frame.paint(row: 0, style: .reversed)
  }

  private static func drawList(_ screen: ListScreen, into frame: inout Frame) {
    let rows = screen.page.rows
    if rows.isEmpty {
      let empty = screen.page.totalCount == 0
      frame.write(
        empty ? "Nothing here yet." : "Nothing matches the search.", row: 2, column: 2,
        style: .bold)
      frame.write(
        empty ? "Press a to add one." : "Press Esc to show everything.", row: 3, column: 2)
    }
    let end = min(screen.scrollOffset + screen.visibleRowCount, rows.count)
    for (line, index) in zip(1..., screen.scrollOffset..<max(end, screen.scrollOffset)) {
      drawRow(rows[index], isSelected: index == screen.selection, row: line, into: &frame)
    }
    let separator = frame.rows - 4
    frame.write(
      String(repeating: "─", count: frame.columns), row: separator, column: 0, style: .dim)
    guard let row = screen.selectedRow else { return }
    let detail = row.detail.isEmpty ? "no notes" : row.detail
    frame.write(
      detail, row: separator + 1, column: 1, style: row.detail.isEmpty ? .dim : .plain,
      width: frame.columns - 2)
  }

  private static func drawRow(_ item: PageRow, isSelected: Bool, row: Int, into frame: inout Frame)
  {
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
    guard case .editor(let form) = screen.page.overlay else { return }
    frame.write(
      form.isEditing ? "Edit" : "New \(screen.page.itemName)", row: 2, column: 2, style: .bold)
    let labelWidth = (form.fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2
    var row = 4
    for (index, field) in form.fields.enumerated() where row < frame.rows - 3 {
      let focused = index == min(screen.focusedField, form.fields.count - 1)
      frame.write(field.label + ":", row: row, column: 2, style: focused ? .bold : .plain)
      frame.write(
        field.text + (focused ? cursor : ""), row: row, column: 2 + labelWidth,
        width: frame.columns - labelWidth - 4)
      row += 1
      if let problem = field.problem, row < frame.rows - 3 {
        frame.write(
          problem, row: row, column: 2 + labelWidth, style: CellStyle.bold.colored(.red),
          width: frame.columns - labelWidth - 4)
        row += 1
      }
    }
  }

  private static func drawConflict(_ screen: ListScreen, into frame: inout Frame) {
    guard case .conflict(let title, let deleted, let differences) = screen.page.overlay else {
      return
    }
    frame.write(
      deleted
        ? "“\(title)” was deleted elsewhere since you opened it."
        : "“\(title)” was changed elsewhere since you opened it.",
      row: 2, column: 2, style: CellStyle.bold.colored(.yellow), width: frame.columns - 4)
    drawDifferences(differences, into: &frame)
  }

  /// Each field that differs, from the fifth row: its name, then mine above theirs.
  static func drawDifferences(_ differences: [FieldDifference], into frame: inout Frame) {
    var row = 4
    for difference in differences where row + 2 < frame.rows - 2 {
      frame.write(difference.field, row: row, column: 2, style: .bold)
      frame.write(
        "mine:   " + difference.yours, row: row + 1, column: 4, width: frame.columns - 6)
      frame.write(
        "theirs: " + difference.theirs, row: row + 2, column: 4, width: frame.columns - 6)
      row += 3
    }
  }

  private static func drawHelp(_ screen: ListScreen, into frame: inout Frame) {
    var lines = [
      ("j/k ↓/↑", "move"), ("g/G", "first / last"), ("a", "add"), ("e, Enter", "edit"),
      ("d", "delete (asks first)"), ("/", "search as you type"), ("Esc", "clear the search"),
    ]
    if screen.pages.count > 1 { lines.append(("Tab", "next page")) }
    if screen.syncConflicts != nil { lines.append(("c", "sync conflicts, when they wait")) }
    lines += [("?", "this help"), ("q, Ctrl-C", "quit")]
    frame.write("Keys", row: 2, column: 2, style: .bold)
    for (offset, line) in lines.enumerated() where 4 + offset < frame.rows - 2 {
      frame.write(line.0, row: 4 + offset, column: 2, style: .bold)
      frame.write(line.1, row: 4 + offset, column: 14)
    }
  }

  private static func drawStatus(_ screen: ListScreen, into frame: inout Frame) {
    let row = frame.rows - 2
    let page = screen.page
    if screen.mode == .syncConflict, let conflicts = screen.syncConflicts {
      let text = conflicts.errorMessage ?? syncConflictChoices(conflicts.current)
      let color: CellStyle.Color = conflicts.errorMessage == nil ? .yellow : .red
      frame.write(" " + text, row: row, column: 0, style: CellStyle.bold.colored(color))
    } else if case .confirmDeletion(let title) = page.overlay {
      frame.write(
        " Delete? y/n  “\(title)”", row: row, column: 0, style: CellStyle.bold.colored(.yellow))
    } else if case .conflict(_, let deleted, _) = page.overlay {
      frame.write(
        deleted
          ? " Nothing was saved. m: save mine again  t: leave it deleted"
          : " Nothing was saved yet. Which version stays?",
        row: row, column: 0, style: CellStyle.bold.colored(.yellow))
    } else if let error = page.errorMessage {
      frame.write(" " + error, row: row, column: 0, style: CellStyle.bold.colored(.red))
    } else if let notice = page.notice ?? screen.syncConflicts?.notice {
      frame.write(" " + notice, row: row, column: 0, style: CellStyle.plain.colored(.green))
    }
  }

  private static func hints(for screen: ListScreen) -> String {
    switch screen.mode {
    case .list:
      (screen.syncConflictsWait ? "c sync conflicts  " : "")
        + "j/k move  a add  e edit  d delete  / search"
        + (screen.pages.count > 1 ? "  Tab page" : "") + "  ? help  q quit"
    case .search: "Enter done  Esc clear  ↓/↑ move"
    case .editor: "Enter save  Tab/↓ next field  ↑ previous  Esc cancel"
    case .confirmDelete: "y delete  n/Esc keep"
    case .conflict: "m keep mine  t/Esc keep theirs"
    case .syncConflict: "m keep mine  t keep theirs  Esc later  q quit"
    case .help: "Esc back  q quit"
    }
  }
}

// Draws an edit conflict: each field the other writer's version and the person's differ in.

import Models
import TerminalUI
import ViewModels

/// The page shown over the list when a save found the question changed or deleted elsewhere,
/// and for a sync conflict: a question changed here and on another device (or deleted on one
/// of them and changed on the other).
///
/// It lists only the fields that differ, the other writer's value ("theirs") above the
/// person's ("mine"), each wrapped to the width, so the choice the status line asks for is
/// made with both versions in view. When the rows run short, the heading and field names go
/// first, then the later fields, never the two versions of the first difference.
enum ConflictPage {
  /// One line of the page and how it is drawn.
  private struct Line {
    var text: String
    var column: Int
    var style: CellStyle
  }

  /// Draws the differences between `yours` and `theirs` (`nil`: deleted) in the list's rows;
  /// `sync` says the other version is another device's, not another writer's here.
  static func draw(
    yours: Question?, theirs: Question?, sync: Bool, into frame: inout Frame
  ) {
    let top = 1
    let rows = max(frame.rows - 3, 0)  // Less the title, status and hint rows.
    let lines = self.lines(
      yours: yours, theirs: theirs, heading: heading(yours: yours, theirs: theirs, sync: sync),
      width: frame.columns, rows: rows)
    for (offset, line) in lines.prefix(rows).enumerated() {
      frame.write(line.text, row: top + offset, column: line.column, style: line.style)
    }
  }

  /// The fields of the conflict as (name, theirs, yours), only those that differ.
  nonisolated static func differences(
    yours: Question?, theirs: Question?
  ) -> [(String, String?, String?)] {
    let fields: [(String, (Question) -> String)] = [
      ("Prompt", \.prompt), ("Answer", \.answer),
      ("Tags", { $0.tags.isEmpty ? "(none)" : $0.tags.joined(separator: ", ") }),
    ]
    return fields.compactMap { name, value in
      let mine = yours.map(value)
      let other = theirs.map(value)
      return other == mine ? nil : (name, other, mine)
    }
  }

  /// The page's first line: who changed what.
  nonisolated static func heading(yours: Question?, theirs: Question?, sync: Bool) -> String {
    switch (sync, yours == nil, theirs == nil) {
    case (false, _, true): "Deleted elsewhere since you opened it. Mine:"
    case (false, _, false): "Changed elsewhere since you opened it:"
    case (true, true, _): "Deleted here, changed on another device. Theirs:"
    case (true, false, true): "Deleted on another device, changed here. Mine:"
    case (true, false, false): "Changed here and on another device:"
    }
  }

  private static func lines(
    yours: Question?, theirs: Question?, heading: String, width: Int, rows: Int
  ) -> [Line] {
    let differences = differences(yours: yours, theirs: theirs)
    // Two lines per version at least; names and the heading only when they fit too.
    let valueLines = differences.reduce(0) { $0 + ($1.1 == nil ? 0 : 1) + ($1.2 == nil ? 0 : 1) }
    let showsNames = rows >= valueLines + differences.count + 1
    let spare = rows - valueLines - (showsNames ? differences.count + 1 : 0)
    let linesPerValue = 1 + max(spare, 0) / max(valueLines, 1)
    var lines: [Line] = []
    if showsNames {
      lines.append(Line(text: " " + heading, column: 0, style: CellStyle.bold.colored(.yellow)))
    }
    for (name, other, mine) in differences {
      if showsNames { lines.append(Line(text: name, column: 1, style: .bold)) }
      if let other {
        lines += value("theirs: ", other, width: width, maxLines: linesPerValue, style: .plain)
      }
      if let mine {
        lines += value(
          "mine:   ", mine, width: width, maxLines: linesPerValue,
          style: CellStyle.plain.colored(.cyan))
      }
    }
    return lines
  }

  /// `text` after `label`, wrapped to the width below it, in at most `maxLines` lines.
  private static func value(
    _ label: String, _ text: String, width: Int, maxLines: Int, style: CellStyle
  ) -> [Line] {
    let indent = 1 + label.count
    let wrapped = TextWrapper.lines(
      String(text.map { $0.isNewline ? " " : $0 }), width: max(width - indent, 1),
      maxLines: maxLines)
    return wrapped.enumerated().map { index, line in
      Line(
        text: (index == 0 ? label : String(repeating: " ", count: label.count)) + line,
        column: 1, style: style)
    }
  }
}

// A plain-text table: a title, a header row, and columns padded to line up.

/// Rows of text with aligned columns: the first left-aligned, the others right-aligned.
struct TextTable {
  let title: String
  let headers: [String]
  private(set) var rows: [[String]] = []

  init(_ title: String, headers: [String]) {
    self.title = title
    self.headers = headers
  }

  mutating func add(_ row: [String]) {
    rows.append(row)
  }

  /// The table as lines of text, ending with a newline.
  var rendered: String {
    let all = [headers] + rows
    let widths = headers.indices.map { column in
      all.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: max(0, widths[column] - cell.count))
        return column == 0 ? cell + padding : padding + cell
      }
      .joined(separator: "  ")
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return ([title, line(headers), rule] + rows.map(line)).joined(separator: "\n") + "\n"
  }
}

// Reading a CSV file of questions into an import plan: the header first, then every row.

import Foundation

extension QuestionCSV {
  /// Reads every row of a CSV file into a plan, collecting a problem for each bad row.
  ///
  /// - Throws: ``InterchangeError/malformedFile(line:reason:)`` when the header is missing,
  ///   malformed, names an unknown column or a column twice, or lacks `prompt` or `answer`.
  static func plan(
    _ bytes: [UInt8], now: Date, progress: (InterchangeProgress) -> Void
  ) throws(InterchangeError) -> ImportPlan {
    var reader = CSVReader(bytes)
    guard let header = reader.next() else {
      throw .malformedFile(
        line: nil, reason: "the file is empty; a CSV file needs a header such as prompt,answer,tags"
      )
    }
    let columns = try Self.columns(of: header)
    var builder = ImportPlanBuilder()
    while let record = reader.next() {
      builder.append(row(record, columns: columns), line: record.line)
      if builder.rowCount % InterchangeProgress.interval == 0 {
        let fraction = Double(reader.offset) / Double(max(reader.byteCount, 1))
        progress(InterchangeProgress(rows: builder.rowCount, fraction: fraction))
      }
    }
    progress(InterchangeProgress(rows: builder.rowCount, fraction: 1))
    return builder.finish(now: now)
  }

  /// The columns the header names, in order.
  static func columns(of header: CSVRecord) throws(InterchangeError) -> [QuestionField] {
    if let problem = header.problem {
      throw .malformedFile(line: header.line, reason: "the header is not valid CSV: \(problem)")
    }
    if let blank = header.fields.firstIndex(where: { $0.trimmingWhiteSpace().isEmpty }) {
      throw .malformedFile(
        line: header.line,
        reason: "column \(blank + 1) of the header has no name (a comma too many?)")
    }
    let known = QuestionField.allCases.map(\.rawValue).joined(separator: ", ")
    let unknown = header.fields.filter { QuestionField(name: $0) == nil }
    guard unknown.isEmpty else {
      let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
      throw .malformedFile(
        line: header.line,
        reason: "the header names \(unknown.count == 1 ? "an unknown column" : "unknown columns")"
          + " \(names); the first line must name the columns, from \(known) in any order and"
          + " case, with prompt and answer required")
    }
    let columns = header.fields.compactMap(QuestionField.init(name:))
    for column in QuestionField.allCases where columns.count(where: { $0 == column }) > 1 {
      throw .malformedFile(
        line: header.line, reason: "the header names the column \(column.rawValue) twice")
    }
    for column in [QuestionField.prompt, .answer] where !columns.contains(column) {
      throw .malformedFile(
        line: header.line,
        reason: "the header has no \(column.rawValue) column; it needs prompt and answer, and"
          + " may have tags, id and createdAt")
    }
    return columns
  }

  /// The row, checked field by field and then against the rules of ``QuestionContent``;
  /// every problem of the row is reported at once, the content rules' last.
  static func row(_ record: CSVRecord, columns: [QuestionField]) -> CheckedRow {
    if let problem = record.problem { return .invalid(reasons: [problem]) }
    guard record.fields.count == columns.count else {
      let names = columns.map(\.rawValue).joined(separator: ",")
      return .invalid(reasons: [
        "expected \(columns.count) fields (\(names)), found \(record.fields.count)"
      ])
    }
    var prompt = ""
    var answer = ""
    var tags: [String] = []
    var id: UUID?
    var createdAt: Date?
    var reasons: [String] = []
    for (column, field) in zip(columns, record.fields) {
      let trimmed = column == .id || column == .createdAt ? field.trimmingWhiteSpace() : ""
      switch column {
      case .prompt: prompt = field
      case .answer: answer = field
      case .tags: tags = field.split(separator: tagSeparator).map(String.init)
      case .id where !trimmed.isEmpty:
        id = ImportPlanBuilder.id(String(trimmed), quoting: field, problems: &reasons)
      case .createdAt where !trimmed.isEmpty:
        createdAt = ImportPlanBuilder.createdAt(
          String(trimmed), quoting: field, problems: &reasons)
      case .id, .createdAt: break
      }
    }
    let content = ImportPlanBuilder.content(
      prompt: prompt, answer: answer, tags: tags, problems: &reasons)
    guard reasons.isEmpty, let content else { return .invalid(reasons: reasons) }
    return .valid(ImportedRow(id: id, content: content, createdAt: createdAt))
  }
}

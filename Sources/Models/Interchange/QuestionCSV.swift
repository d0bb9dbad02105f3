// Questions as CSV: the columns, the header, and writing a file that reads back the same.

import Foundation

/// The CSV form of questions.
///
/// A file starts with a header naming its columns, in any order and any case: `prompt` and
/// `answer` are required; `tags` (separated by `;`), `id` and `createdAt` (ISO 8601) are
/// optional. An export writes all five, `id,prompt,answer,tags,createdAt`, so a CSV round
/// trip loses nothing.
public enum QuestionCSV {
  /// The columns an export writes, in order.
  static let exportedColumns: [QuestionField] = [.id, .prompt, .answer, .tags, .createdAt]

  /// What separates the tags inside the `tags` field.
  public static let tagSeparator: Character = ";"

  /// The questions as a CSV file with the header `id,prompt,answer,tags,createdAt`.
  ///
  /// - Parameters:
  ///   - questions: The questions, written in order.
  ///   - progress: Called every ``InterchangeProgress/interval`` rows and at the end.
  /// - Throws: ``InterchangeError/unrepresentable(id:reason:)`` for the first question whose
  ///   tags CSV cannot hold as they are: a tag containing `;`, or tags an import would clean
  ///   (blank, padded with white space, or repeated ignoring case).
  public static func encode(
    _ questions: [Question], progress: (InterchangeProgress) -> Void = { _ in }
  ) throws(InterchangeError) -> [UInt8] {
    var writer = CSVWriter()
    writer.write(exportedColumns.map(\.rawValue))
    for (index, question) in questions.enumerated() {
      try checkTags(of: question)
      writer.write([
        question.id.uuidString, question.prompt, question.answer,
        question.tags.joined(separator: String(tagSeparator)),
        Timestamp.format(question.createdAt),
      ])
      let written = index + 1
      if written % InterchangeProgress.interval == 0 || written == questions.count {
        progress(
          InterchangeProgress(rows: written, fraction: Double(written) / Double(questions.count)))
      }
    }
    return writer.bytes
  }

  private static func checkTags(of question: Question) throws(InterchangeError) {
    if let tag = question.tags.first(where: { $0.contains(tagSeparator) }) {
      throw .unrepresentable(
        id: question.id.uuidString,
        reason: "has the tag \"\(tag)\", which CSV cannot hold because \";\" separates tags")
    }
    if Question.cleanedTags(question.tags) != question.tags {
      throw .unrepresentable(
        id: question.id.uuidString,
        reason: "has tags that a CSV import would change (blank, padded with white space, or"
          + " repeated ignoring case): " + question.tags.map { "\"\($0)\"" }.joined(separator: ", ")
      )
    }
  }
}

// Renders questions as stable JSON in their on-disk shape.

import CommandLineKit
import Foundation
import Models

/// The JSON form of the output: one object, or an array of objects, and a newline.
///
/// Keys are sorted and the text indented, so the output is the same from run to run for the
/// same data. Each object has exactly the keys of ``/Models/Question``'s `Codable` form: `id`,
/// `prompt`, `answer`, `tags` and `createdAt`.
nonisolated struct JSONFormatter: Sendable {
  /// One question as a JSON object.
  func object(_ question: Question) throws(AppError) -> String {
    try encode(question)
  }

  /// The questions as a JSON array; `[]` when there are none.
  ///
  /// The bytes are those of ``/Models/QuestionJSON/encode(_:progress:)``, so `list --json` and
  /// `export` print the same array.
  func array(_ questions: [Question]) throws(AppError) -> String {
    try interchange { () throws(InterchangeError) in try QuestionJSON.encode(questions) }
  }

  /// The elements of ``array(_:)`` for `questions`, without the brackets around them: a page
  /// of a list printed a page at a time (see ``QuestionPagePrinter``).
  func elements(_ questions: [Question]) throws(AppError) -> String {
    try interchange { () throws(InterchangeError) in try QuestionJSON.elements(questions[...]) }
  }

  /// The text of the bytes `encode` gives, its failure as this layer's error.
  private func interchange(
    _ encode: () throws(InterchangeError) -> [UInt8]
  ) throws(AppError) -> String {
    do {
      return String(decoding: try encode(), as: UTF8.self)
    } catch {
      switch error {
      case .encodingFailed(let reason), .malformedFile(_, let reason),
        .unrepresentable(_, let reason):
        throw .encodingFailed(reason)
      }
    }
  }

  /// Any other result, such as the report of `repair`, in the same style.
  func encode(_ value: some Encodable) throws(AppError) -> String {
    do {
      return try JSONText.encoded(value)
    } catch {
      throw .encodingFailed(String(describing: error))
    }
  }
}

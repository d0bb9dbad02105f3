// Questions as JSON: the array `questions list --json` prints, written in parts to show progress.

import Foundation

/// The JSON form of a file of questions.
///
/// An export is an array of questions in their on-disk shape, byte for byte what
/// `questions --json list` prints: keys sorted, indented by two spaces, a final newline. An
/// import also accepts a copied store file, the `{"version":1,...,"items":[...]}` envelope.
public enum QuestionJSON {
  /// The questions as a pretty-printed JSON array with sorted keys and a final newline; `[]`
  /// and a newline when there are none.
  ///
  /// The array is encoded ``InterchangeProgress/interval`` questions at a time so that
  /// `progress` can be called in between; the parts are joined into exactly the bytes one
  /// encoding of the whole array gives.
  ///
  /// - Throws: ``InterchangeError/encodingFailed(reason:)`` if `JSONEncoder` fails.
  public static func encode(
    _ questions: [Question], progress: (InterchangeProgress) -> Void = { _ in }
  ) throws(InterchangeError) -> [UInt8] {
    guard !questions.isEmpty else { return Array("[]\n".utf8) }
    var bytes = Array("[\n".utf8)
    var start = 0
    while start < questions.count {
      let end = min(start + InterchangeProgress.interval, questions.count)
      if start > 0 { bytes.append(contentsOf: ",\n".utf8) }
      bytes.append(contentsOf: try elements(questions[start..<end]))
      start = end
      progress(InterchangeProgress(rows: end, fraction: Double(end) / Double(questions.count)))
    }
    bytes.append(contentsOf: "\n]\n".utf8)
    return bytes
  }

  /// The elements of the array ``encode(_:progress:)`` writes for `questions`, joined by
  /// `",\n"`, without the brackets around them: what a writer that prints a list too large
  /// to hold a page at a time puts between `"[\n"`, `",\n"` and `"\n]\n"`, to print the same
  /// bytes.
  ///
  /// - Throws: ``InterchangeError/encodingFailed(reason:)`` if `JSONEncoder` fails.
  public static func elements(
    _ questions: ArraySlice<Question>
  ) throws(InterchangeError)
    -> [UInt8]
  {
    guard !questions.isEmpty else { return [] }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let array: Data
    do {
      array = try encoder.encode(Array(questions))
    } catch {
      throw .encodingFailed(reason: String(describing: error))
    }
    // A pretty-printed array is "[\n", its elements joined by ",\n", then "\n]".
    return Array(array.dropFirst(2).dropLast(2))
  }
}

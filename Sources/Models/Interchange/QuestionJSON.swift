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
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var bytes = Array("[\n".utf8)
    var start = 0
    while start < questions.count {
      let end = min(start + InterchangeProgress.interval, questions.count)
      let part: Data
      do {
        part = try encoder.encode(Array(questions[start..<end]))
      } catch {
        throw .encodingFailed(reason: String(describing: error))
      }
      // A pretty-printed array is "[\n", its elements joined by ",\n", then "\n]".
      if start > 0 { bytes.append(contentsOf: ",\n".utf8) }
      bytes.append(contentsOf: part.dropFirst(2).dropLast(2))
      start = end
      progress(InterchangeProgress(rows: end, fraction: Double(end) / Double(questions.count)))
    }
    bytes.append(contentsOf: "\n]\n".utf8)
    return bytes
  }
}

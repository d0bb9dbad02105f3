// One graded answer of a quiz: which question, the tags it had then, and whether it was known.

import Foundation

/// How a person did on one question of a quiz.
///
/// The question's tags are copied when the answer is given, so statistics by tag stay right
/// after the question is edited or deleted. Its `Codable` form is a JSON object with exactly
/// the keys `questionID` (a UUID string), `tags` (an array of strings) and `knewIt` (a
/// boolean), every one required: the conformance Swift synthesizes from the stored
/// properties, so renaming one changes the on-disk shape.
public struct StudyAnswer: Codable, Hashable, Sendable {
  /// The ID of the question that was asked.
  public var questionID: UUID
  /// The question's tags at the time it was answered.
  public var tags: [String]
  /// Whether the person said they knew the answer.
  public var knewIt: Bool

  /// Creates an answer.
  ///
  /// - Parameters:
  ///   - questionID: The ID of the question that was asked.
  ///   - tags: The question's tags when it was asked.
  ///   - knewIt: Whether the person knew the answer.
  public init(questionID: UUID, tags: [String] = [], knewIt: Bool) {
    self.questionID = questionID
    self.tags = tags
    self.knewIt = knewIt
  }
}

// One finished quiz: when it ran, which tag it was filtered by, and every graded answer.

import Foundation

/// A quiz that was taken to the end, as stored in the study history.
///
/// Its ``id`` is an `Int`, not a `UUID` like ``Question``'s: the finish time in milliseconds
/// since 1970. That sorts sessions chronologically and is unique enough, because one person
/// finishes at most one quiz per millisecond; whoever stores a session whose ID is already
/// taken adds 1 until it is free (the quiz view model does), so an ID may be a few
/// milliseconds later than ``finishedAt``.
///
/// Its `Codable` form is a JSON object with exactly the keys `id` (a number), `startedAt` and
/// `finishedAt` (ISO-8601 strings in UTC to the millisecond, as in ``Question``), `tag` (the
/// filter the quiz was started with, or `null`) and `answers` (an array of ``StudyAnswer``
/// objects, in the order they were given). A missing `tag` decodes as `nil`; every other key
/// is required.
public struct StudySession: Codable, Hashable, Identifiable, Sendable {
  /// The finish time in milliseconds since 1970, made unique among stored sessions.
  public var id: Int
  /// When the first question was shown, to the millisecond.
  public var startedAt: Date
  /// When the last answer was graded, to the millisecond.
  public var finishedAt: Date
  /// The tag the quiz was limited to, or `nil` for every question.
  public var tag: String?
  /// The graded answers, in the order they were given.
  public var answers: [StudyAnswer]

  /// Creates a session.
  ///
  /// - Parameters:
  ///   - id: The identity; by default ``identifier(finishedAt:)``.
  ///   - startedAt: When the quiz started, truncated to whole milliseconds.
  ///   - finishedAt: When it finished, truncated to whole milliseconds.
  ///   - tag: The tag the quiz was limited to.
  ///   - answers: The graded answers, in order.
  public init(
    id: Int? = nil, startedAt: Date, finishedAt: Date, tag: String? = nil,
    answers: [StudyAnswer] = []
  ) {
    self.startedAt = Timestamp.truncatedToMilliseconds(startedAt)
    self.finishedAt = Timestamp.truncatedToMilliseconds(finishedAt)
    self.id = id ?? Self.identifier(finishedAt: finishedAt)
    self.tag = tag
    self.answers = answers
  }

  /// The ID of a session that finished at `finishedAt`: milliseconds since 1970.
  public static func identifier(finishedAt: Date) -> Int {
    Int((finishedAt.timeIntervalSince1970 * 1000).rounded(.down))
  }

  /// The number of questions answered.
  public var count: Int { answers.count }

  /// The number of questions the person knew.
  public var knownCount: Int { answers.count(where: \.knewIt) }

  /// The share of questions known, from 0 to 1; 0 when there are no answers.
  public var accuracy: Double {
    answers.isEmpty ? 0 : Double(knownCount) / Double(answers.count)
  }

  private enum CodingKeys: String, CodingKey {
    case id, startedAt, finishedAt, tag, answers
  }

  /// Decodes a session from its on-disk shape.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    startedAt = try Timestamp.decode(.startedAt, in: container)
    finishedAt = try Timestamp.decode(.finishedAt, in: container)
    tag = try container.decodeIfPresent(String.self, forKey: .tag)
    answers = try container.decode([StudyAnswer].self, forKey: .answers)
  }

  /// Encodes the session in its on-disk shape, with `tag` written as `null` when absent.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(Timestamp.format(startedAt), forKey: .startedAt)
    try container.encode(Timestamp.format(finishedAt), forKey: .finishedAt)
    try container.encode(tag, forKey: .tag)
    try container.encode(answers, forKey: .answers)
  }
}

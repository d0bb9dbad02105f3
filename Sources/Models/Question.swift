// One entry of the question bank: a prompt, its answer, and the tags it is filed under.

import Foundation

/// A question in the bank, with its answer and tags.
///
/// `Question` is a plain value: it knows nothing about where it is stored. Its `Codable`
/// form is the on-disk shape of one question, a JSON object with exactly the keys `id`,
/// `prompt`, `answer`, `tags` and `createdAt`, where `createdAt` is an ISO-8601 string in
/// UTC such as `2026-11-22T07:54:15Z` (or `2026-11-22T07:54:15.250Z` with milliseconds).
///
/// ``createdAt`` is kept to the millisecond, the precision of its on-disk form, so a question
/// compares equal to itself after a round trip through a file.
public struct Question: Codable, Hashable, Identifiable, Sendable {
  /// The stable identity of the question.
  public var id: UUID
  /// The text shown to the person being asked.
  public var prompt: String
  /// The expected answer.
  public var answer: String
  /// Free-form labels used to filter and group questions, in the order they were given.
  public var tags: [String]
  /// When the question was created, to the millisecond.
  public var createdAt: Date

  /// Creates a question.
  ///
  /// - Parameters:
  ///   - id: The identity; a new random UUID unless given.
  ///   - prompt: The text shown to the person being asked.
  ///   - answer: The expected answer.
  ///   - tags: Labels to file the question under.
  ///   - createdAt: The creation time, truncated to whole milliseconds.
  public init(
    id: UUID = UUID(), prompt: String, answer: String, tags: [String] = [],
    createdAt: Date = .now
  ) {
    self.id = id
    self.prompt = prompt
    self.answer = answer
    self.tags = tags
    self.createdAt = Timestamp.truncatedToMilliseconds(createdAt)
  }

  private enum CodingKeys: String, CodingKey {
    case id, prompt, answer, tags, createdAt
  }

  /// Decodes a question from its on-disk shape; `createdAt` may carry fractional seconds.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(UUID.self, forKey: .id)
    prompt = try container.decode(String.self, forKey: .prompt)
    answer = try container.decode(String.self, forKey: .answer)
    tags = try container.decode([String].self, forKey: .tags)
    createdAt = try Timestamp.decode(.createdAt, in: container)
  }

  /// Encodes the question in its on-disk shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(prompt, forKey: .prompt)
    try container.encode(answer, forKey: .answer)
    try container.encode(tags, forKey: .tags)
    try container.encode(Timestamp.format(createdAt), forKey: .createdAt)
  }
}

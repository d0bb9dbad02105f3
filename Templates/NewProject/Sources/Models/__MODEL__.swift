// fields: model-summary
// One __model__: a title, notes and tags, with its on-disk shape fixed by hand.
// fields: end

import Foundation

// fields: model-doc
/// A __model__ in the list, with its notes and tags.
// fields: end
///
/// `__MODEL__` is a plain value: it knows nothing about where it is stored. Its `Codable`
// fields: model-keys
/// form is the on-disk shape of one __model__, a JSON object with exactly the keys `id`,
/// `title`, `notes`, `tags` and `createdAt`. The date is an ISO-8601 string in UTC such as
/// `2026-11-22T07:54:15Z` (or `2026-11-22T07:54:15.250Z` with milliseconds).
// fields: end
///
/// A new field appears in several places; the README's checklist names them, and
/// `__MODEL__FieldListTests` fails until the lists of fields agree.
///
/// ``createdAt`` is kept to the millisecond, the precision of its on-disk form, so a value
/// compares equal to itself after a round trip through a file.
public struct __MODEL__: Codable, Hashable, Identifiable, Sendable {
  /// The stable identity.
  public var id: UUID
  // fields: model-properties
  /// The one line shown in lists.
  public var title: String
  /// Free text shown with the title; may be empty.
  public var notes: String
  /// Labels to filter by, in the order they were given.
  public var tags: [String]
  // fields: end
  // add-relation: properties
  /// When it was created, to the millisecond.
  public var createdAt: Date

  /// Creates a value as given, without checking the rules of `validated`.
  ///
  /// - Parameters:
  ///   - id: The identity; a new random UUID unless given.
  // fields: model-init-doc
  ///   - title: The one line shown in lists.
  ///   - notes: Free text.
  ///   - tags: Labels to filter by.
  // fields: end
  ///   - createdAt: The creation time, truncated to whole milliseconds.
  public init(
    // fields: model-init-parameters
    id: UUID = UUID(), title: String, notes: String = "", tags: [String] = [],
    createdAt: Date = .now
    // fields: end
  ) {
    self.id = id
    // fields: model-init-assignments
    self.title = title
    self.notes = notes
    self.tags = tags
    // fields: end
    self.createdAt = Timestamp.truncatedToMilliseconds(createdAt)
  }

  private enum CodingKeys: String, CodingKey {
    // fields: model-coding-keys
    case id, title, notes, tags, createdAt
    // fields: end
    // add-relation: coding keys
  }

  /// Decodes a value from its on-disk shape; `createdAt` may carry fractional seconds.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(UUID.self, forKey: .id)
    // fields: model-decode
    title = try container.decode(String.self, forKey: .title)
    notes = try container.decode(String.self, forKey: .notes)
    tags = try container.decode([String].self, forKey: .tags)
    // fields: end
    // add-relation: decoding
    createdAt = try Timestamp.decode(.createdAt, in: container)
  }

  /// Encodes the value in its on-disk shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    // fields: model-encode
    try container.encode(title, forKey: .title)
    try container.encode(notes, forKey: .notes)
    try container.encode(tags, forKey: .tags)
    // fields: end
    // add-relation: encoding
    try container.encode(Timestamp.format(createdAt), forKey: .createdAt)
  }
}

// The value most persistence tests store: any Codable & Identifiable type would do.

import Foundation

/// A note with a title, some text and tags: the stored value of the persistence tests.
///
/// The store is generic, so the tests use a type of their own rather than an app's model;
/// its synthesized `Codable` form is the object `{"id":…,"title":…,"text":…,"tags":[…]}`.
public struct Note: Codable, Hashable, Identifiable, Sendable {
  /// Its identity, kept across edits.
  public var id: UUID
  /// A short line.
  public var title: String
  /// The body, any length.
  public var text: String
  /// Words to find it by.
  public var tags: [String]

  /// A note; a new id unless one is given.
  public init(id: UUID = UUID(), title: String, text: String = "", tags: [String] = []) {
    self.id = id
    self.title = title
    self.text = text
    self.tags = tags
  }
}

/// A note of about 200 bytes on disk, as `StoreWriter` saves them: its title is
/// "`prefix` `index`" and its text 100 letters.
public func writerSizedNote(_ index: Int, prefix: String) -> Note {
  Note(title: "\(prefix) \(index)", text: String(repeating: "a", count: 100))
}

// The value most persistence tests store: any Codable & Identifiable type would do.

import Foundation

/// A note with a title, some text and tags: the stored value of the persistence tests.
///
/// The store is generic, so the tests use a type of their own rather than an app's model;
/// its synthesized `Codable` form is the object `{"id":…,"title":…,"text":…,"tags":[…]}`.
struct Note: Codable, Hashable, Identifiable, Sendable {
  var id: UUID
  var title: String
  var text: String
  var tags: [String]

  init(id: UUID = UUID(), title: String, text: String = "", tags: [String] = []) {
    self.id = id
    self.title = title
    self.text = text
    self.tags = tags
  }
}

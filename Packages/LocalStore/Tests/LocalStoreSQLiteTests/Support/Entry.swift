// The value the SQLite store's own tests keep: any Codable & Identifiable type would do.

import Foundation

/// An entry with a title and a number, stored by the SQLite store's tests.
struct Entry: Codable, Hashable, Identifiable, Sendable {
  var id: UUID
  var title: String
  var number: Int

  init(id: UUID = UUID(), title: String, number: Int = 0) {
    self.id = id
    self.title = title
    self.number = number
  }
}

/// `count` entries titled "`prefix` 0", "`prefix` 1", …
func sampleEntries(_ count: Int, prefix: String = "entry") -> [Entry] {
  (0..<count).map { Entry(title: "\(prefix) \($0)", number: $0) }
}

// How an item's ID becomes the text key of its row.

import Foundation

/// Turns IDs into the `key` column's text, the same way on every run and in every process.
///
/// A `UUID` is its `uuidString`, a `String` is itself, an integer its decimal digits: readable
/// in the `sqlite3` shell, and made without an encoder. Any other `Codable` ID is its JSON
/// encoding with sorted keys, so that equal IDs give equal text.
enum ItemKey {
  /// The key of `id`.
  static func of<ID: Encodable>(_ id: ID) throws -> String {
    switch id {
    case let uuid as UUID: return uuid.uuidString
    case let string as String: return string
    case let integer as Int: return String(integer)
    case let integer as Int64: return String(integer)
    default:
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return String(decoding: try encoder.encode(id), as: UTF8.self)
    }
  }
}

// One step that upgrades a store's items from schema version N to N + 1.

import Foundation

/// Upgrades every stored item from one schema version to the next.
///
/// Keep the old shape of your model as a small `Decodable` type and register a step that
/// turns it into the new one:
///
/// ```swift
/// struct NoteV1: Decodable, Sendable {
///   var id: UUID
///   var text: String
/// }
///
/// var configuration = StoreConfiguration()
/// configuration.schemaVersion = 2
/// configuration.migrations = [
///   StoreMigration(from: 1) { (old: NoteV1) in
///     Note(id: old.id, text: old.text, tags: [])
///   }
/// ]
/// ```
///
/// Steps run in order from the file's version up to ``StoreConfiguration/schemaVersion``,
/// when the file is opened. The file itself is rewritten at the new version on the next
/// change, so opening alone never modifies it. A file in the original pattern's format (a
/// plain JSON array) is version 0. With no step registered from version 0, its items are
/// read as version 1.
public struct StoreMigration: Sendable {
  /// The schema version this step reads; it produces `sourceVersion + 1`.
  public let sourceVersion: Int

  /// Turns the JSON array of items at `sourceVersion` into the JSON array at the next version.
  package let upgrade: @Sendable (Data) throws -> Data

  /// A step from `version` to `version + 1` that converts each item with `transform`.
  ///
  /// - Parameters:
  ///   - version: The schema version the step reads.
  ///   - transform: Converts one item of the old shape to the new shape.
  public init<Old: Decodable & Sendable, New: Encodable & Sendable>(
    from version: Int, transform: @escaping @Sendable (Old) throws -> New
  ) {
    sourceVersion = version
    upgrade = { data in
      let old = try JSONDecoder().decode([Old].self, from: data)
      return try JSONEncoder().encode(try old.map(transform))
    }
  }
}

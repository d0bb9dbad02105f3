// Finds the one stored value a command line means: a full id, or a unique prefix of one.

import Foundation

/// An id as typed: a whole UUID or its first few hex digits.
nonisolated struct IDReference: Sendable {
  /// The shortest prefix accepted, so a typo does not pick a value by accident.
  static let minimumPrefixLength = 4

  /// The text as typed.
  let text: String

  /// The one value in `items` whose id is ``text`` or starts with it, ignoring case.
  ///
  /// - Throws: ``AppError/malformedID(_:)`` when the text cannot be part of an id,
  ///   ``AppError/notFound(_:)`` when no value matches, ``AppError/ambiguousID(_:matches:)``
  ///   when several do.
  func resolve<Item: Identifiable>(in items: [Item]) throws(AppError) -> Item
  where Item.ID == UUID {
    let prefix = text.lowercased()
    let isHex = prefix.allSatisfy { $0.isHexDigit || $0 == "-" }
    guard isHex, prefix.count >= Self.minimumPrefixLength, prefix.count <= 36 else {
      throw .malformedID(text)
    }
    let matches = items.filter { $0.id.uuidString.lowercased().hasPrefix(prefix) }
    guard let first = matches.first else { throw .notFound(text) }
    guard matches.count == 1 else { throw .ambiguousID(text, matches: matches.map(\.id)) }
    return first
  }
}

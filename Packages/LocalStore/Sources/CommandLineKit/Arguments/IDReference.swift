// How a person names a stored value on the command line: its full id or the start of it.

import Foundation

/// An id as typed: a full UUID in any case, or a prefix of at least 4 hex digits.
///
/// Hyphens are optional in a prefix, so `3f2a1b4c`, `3F2A1B4C-9d` and `3f2a1b4c9d` all work.
/// Parsing only checks the form; ``find(in:)`` finds the value.
public enum IDReference: Equatable, Sendable {
  /// A complete UUID.
  case id(UUID)
  /// The first hex digits of an id, upper-case and without hyphens, and the text as typed.
  case prefix(String, typed: String)

  /// The fewest hex digits a prefix may have, so a typo does not pick a value by accident.
  public static let minimumPrefixLength = 4

  /// Parses `text`; `nil` when it is neither a UUID nor a prefix of one.
  public init?(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let uuid = UUID(uuidString: trimmed) {
      self = .id(uuid)
      return
    }
    let digits = trimmed.uppercased().filter { $0 != "-" }
    guard digits.allSatisfy({ $0.isASCII && $0.isHexDigit }),
      (Self.minimumPrefixLength...32).contains(digits.count)
    else { return nil }
    self = .prefix(digits, typed: trimmed)
  }

  /// The one value in `items` this reference designates.
  ///
  /// - Throws: ``IDLookupError/notFound(_:)`` when none matches,
  ///   ``IDLookupError/ambiguous(_:matches:)`` when a prefix matches several.
  public func find<Item: Identifiable>(in items: [Item]) throws(IDLookupError) -> Item
  where Item.ID == UUID {
    switch self {
    case .id(let uuid):
      guard let item = items.first(where: { $0.id == uuid }) else {
        throw .notFound(uuid.uuidString)
      }
      return item
    case .prefix(let digits, let typed):
      let matches = items.filter { Self.hexDigits(of: $0.id).hasPrefix(digits) }
      guard let first = matches.first else { throw .notFound(typed) }
      guard matches.count == 1 else { throw .ambiguous(typed, matches: matches.map(\.id)) }
      return first
    }
  }

  private static func hexDigits(of id: UUID) -> String {
    id.uuidString.filter { $0 != "-" }
  }
}

// How an item's ID becomes a Kinto record id and back.

import Foundation

/// An ID type that maps to and from a Kinto record id, one to one.
///
/// Kinto accepts record ids that match `^[a-zA-Z0-9][a-zA-Z0-9_-]*$`. The conformances:
/// - `UUID`: its lowercase string (`UUID(uuidString:)` reads it back): always valid.
/// - `String`: itself when it matches the rule and has at most 200 characters; any other
///   string is refused with ``SyncError/invalidRecordID(_:)`` (no escaping: two strings must
///   never meet as one record, and a readable id on the server is worth keeping).
/// - `Int`: its decimal digits when it is zero or more; a negative one is refused.
///
/// An ID type without a conformance cannot sync: the compiler refuses it.
public protocol SyncRecordID: Hashable, Sendable {
  /// The Kinto record id of this ID; throws ``SyncError/invalidRecordID(_:)`` if it has none.
  func recordID() throws -> String
  /// The ID whose record id is `recordID`, or `nil` if none has it.
  init?(recordID: String)
}

/// Kinto's rule for record ids, with this module's length limit.
enum RecordIDRule {
  /// The longest record id this module sends.
  static let maximumLength = 200

  /// Whether `id` is a record id Kinto accepts.
  static func accepts(_ id: String) -> Bool {
    guard let first = id.utf8.first, id.utf8.count <= maximumLength, isAlphanumeric(first)
    else { return false }
    return id.utf8.allSatisfy {
      isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
    }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}

extension UUID: SyncRecordID {
  /// The lowercase UUID string.
  public func recordID() throws -> String { uuidString.lowercased() }

  /// The UUID written as `recordID`, in either case.
  public init?(recordID: String) { self.init(uuidString: recordID) }
}

extension String: SyncRecordID {
  /// The string itself, if Kinto accepts it as a record id.
  public func recordID() throws -> String {
    guard RecordIDRule.accepts(self) else { throw SyncError.invalidRecordID(self) }
    return self
  }

  /// The record id itself.
  public init?(recordID: String) { self = recordID }
}

extension Int: SyncRecordID {
  /// The decimal digits of a non-negative number.
  public func recordID() throws -> String {
    guard self >= 0 else { throw SyncError.invalidRecordID(String(self)) }
    return String(self)
  }

  /// The number written in decimal digits, with no sign.
  public init?(recordID: String) {
    guard recordID.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(recordID) else {
      return nil
    }
    self = value
  }
}

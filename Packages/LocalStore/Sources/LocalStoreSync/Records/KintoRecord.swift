// One record of a Kinto collection: an item's JSON, or the tombstone of a deleted one.

import Foundation

/// A record as the server keeps it: its id, its `last_modified` and either its fields or a
/// tombstone.
public struct KintoRecord: Equatable, Sendable {
  /// The record id (see ``SyncRecordID``).
  public var id: String
  /// The server's timestamp of its last change, in milliseconds; unique in a collection.
  public var lastModified: Int64
  /// The record's fields without `id` and `last_modified`, or `nil` for a tombstone.
  public var fields: [String: JSONValue]?

  /// A record; `fields` nil for a tombstone.
  public init(id: String, lastModified: Int64, fields: [String: JSONValue]?) {
    self.id = id
    self.lastModified = lastModified
    self.fields = fields
  }

  /// Whether this is the tombstone of a deleted record.
  public var isDeleted: Bool { fields == nil }

  /// Reads the `data` object of an answer: it must have a valid string `id` and an integer
  /// `last_modified`; `deleted: true` makes it a tombstone.
  init(data: JSONValue, server: URL) throws {
    guard var members = data.objectValue else {
      throw SyncError.invalidAnswer(server: server, problem: "a record is not a JSON object")
    }
    guard case .string(let id)? = members.removeValue(forKey: "id"), RecordIDRule.accepts(id)
    else {
      throw SyncError.invalidAnswer(server: server, problem: "a record has no valid string id")
    }
    guard case .integer(let stamp)? = members.removeValue(forKey: "last_modified") else {
      throw SyncError.invalidAnswer(
        server: server, problem: "record \(id) has no integer last_modified")
    }
    self.id = id
    lastModified = stamp
    fields = members["deleted"] == .bool(true) ? nil : members
  }
}

// An item's Codable form as a record's fields, and back.

import Foundation

/// Turns items into record fields and records into items.
///
/// A record's fields are the item's `Codable` encoding (a JSON object) without its `id`; the
/// record id is the item's ``SyncRecordID/recordID()``, and reading a record back puts the
/// item's own encoding of its ID in place of the record id.
public struct SyncCodec<Item: Codable & Identifiable & Sendable>: Sendable
where Item.ID: SyncRecordID & Codable {
  /// A codec.
  public init() {}

  /// The record id and fields of `item`.
  public func record(of item: Item) throws -> (id: String, fields: [String: JSONValue]) {
    let id = try item.id.recordID()
    let value = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(item))
    guard var fields = value.objectValue else {
      throw SyncError.storeFailed("item \(id) does not encode as a JSON object")
    }
    fields.removeValue(forKey: "id")
    return (id, fields)
  }

  /// The item of record `id` with `fields`.
  public func item(id: String, fields: [String: JSONValue]) throws -> Item {
    guard let itemID = Item.ID(recordID: id) else { throw SyncError.invalidRecordID(id) }
    var members = fields
    members["id"] = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(itemID))
    return try JSONDecoder().decode(
      Item.self, from: JSONEncoder().encode(JSONValue.object(members)))
  }
}

// One conditional write of a record, and what the server answered to it.

import Foundation

/// A write of one record: its new fields or its deletion, under a precondition.
public struct KintoWrite: Equatable, Sendable {
  /// What the server must find for the write to apply.
  public enum Precondition: Equatable, Sendable {
    /// Nothing: the write applies whatever is there.
    case none
    /// No record with this id (`If-None-Match: *`): a create.
    case absent
    /// The record as last seen, with this `last_modified` (`If-Match: "<n>"`).
    case lastModified(Int64)
  }

  /// The record id.
  public var id: String
  /// The new fields, or `nil` to delete the record.
  public var fields: [String: JSONValue]?
  /// The precondition.
  public var precondition: Precondition

  /// A write of `fields` (nil: a delete) to record `id` if `precondition` holds.
  public init(id: String, fields: [String: JSONValue]?, precondition: Precondition) {
    self.id = id
    self.fields = fields
    self.precondition = precondition
  }
}

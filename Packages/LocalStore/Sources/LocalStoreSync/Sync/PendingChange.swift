// One local change waiting to be sent: the outbox's entry for one item.

import Foundation

/// The latest local change of one item that the server has not acknowledged yet.
///
/// A store keeps at most one per item: a later local change replaces it with a higher
/// ``revision``, keeping its ``baseLastModified``.
public struct PendingChange: Equatable, Sendable {
  /// The item's record id.
  public var id: String
  /// The item's fields (its `Codable` form without `id`), or `nil` for a delete.
  public var fields: [String: JSONValue]?
  /// The `last_modified` of the item as this store last saw it on the server, or `nil` if it
  /// never saw it there: the change is then sent as a create (`If-None-Match: *`), else under
  /// `If-Match` on this value.
  public var baseLastModified: Int64?
  /// The store's number for this version of the change, higher for each later local change;
  /// what ``SyncStep`` uses to tell whether the change was replaced during a round.
  public var revision: UInt64
  /// The ``FieldsDigest``s of the earlier pending versions this change replaced since the
  /// server last acknowledged one: any of them may be on the server already (sent in a round
  /// whose answer was lost), and finding one there is no edit conflict.
  public var earlierVersions: Set<UInt64>

  /// A pending change.
  public init(
    id: String, fields: [String: JSONValue]?, baseLastModified: Int64?, revision: UInt64,
    earlierVersions: Set<UInt64> = []
  ) {
    self.id = id
    self.fields = fields
    self.baseLastModified = baseLastModified
    self.revision = revision
    self.earlierVersions = earlierVersions
  }

  /// The write that sends it, with its precondition.
  var write: KintoWrite {
    let precondition: KintoWrite.Precondition =
      if let baseLastModified { .lastModified(baseLastModified) } else if fields == nil {
        // Deleted here before any create was acknowledged: the create may have reached the
        // server in a round whose answer was lost, so delete whatever has this id.
        .none
      } else {
        .absent
      }
    return KintoWrite(id: id, fields: fields, precondition: precondition)
  }

  /// Whether the server's `record` (or its absence) holds one of this device's own earlier
  /// versions of the change, replaced here after a round whose answer was lost: the change is
  /// then sent again over it, no conflict.
  func isEarlierVersion(on record: KintoRecord?) -> Bool {
    guard !earlierVersions.isEmpty else { return false }
    let fields = record.flatMap { $0.isDeleted ? nil : $0.fields }
    return earlierVersions.contains(FieldsDigest.of(fields))
  }

  /// Whether the server's `record` (or its absence) already holds exactly this change: the
  /// answer to an earlier push of it was lost.
  func isHeld(by record: KintoRecord?) -> Bool {
    guard let record, !record.isDeleted else { return fields == nil }
    return fields == record.fields
  }
}

// An edit conflict between this device and the server, kept until a person resolves it.

import Foundation

/// A local change that the server refused because the item changed there too.
///
/// The local change stays pending and the item keeps its local version until the conflict is
/// resolved (keep mine: rebase the change on ``remote``; keep theirs: apply ``remote``), or
/// unless the ``ConflictPolicy`` resolves it.
public struct SyncConflict: Equatable, Sendable {
  /// The item's record id.
  public var id: String
  /// The local change's fields, or `nil` when the item was deleted here.
  public var local: [String: JSONValue]?
  /// The server's current record, a tombstone, or `nil` when the server has none (deleted).
  public var remote: KintoRecord?
  /// The revision of the pending change in conflict.
  public var pendingRevision: UInt64

  /// A conflict.
  public init(
    id: String, local: [String: JSONValue]?, remote: KintoRecord?, pendingRevision: UInt64
  ) {
    self.id = id
    self.local = local
    self.remote = remote
    self.pendingRevision = pendingRevision
  }
}

// An edit conflict as a synced store keeps it durably until a person resolves it.

import Foundation

/// A ``SyncConflict`` in the form a ``SyncedEntry`` stores: the local change's fields are the
/// entry's item itself, so only the server's version and the revision are kept.
struct StoredConflict: Codable, Equatable, Sendable {
  /// The server's version when the conflict was found.
  struct Remote: Codable, Equatable, Sendable {
    /// Its `last_modified`.
    var lastModified: Int64
    /// Its fields, or `nil` for a tombstone.
    var fields: [String: JSONValue]?
  }

  /// The server's version, or `nil` when the server has none.
  var remote: Remote?
  /// The revision of the pending change in conflict.
  var pendingRevision: UInt64

  /// The stored form of `conflict`.
  init(_ conflict: SyncConflict) {
    remote = conflict.remote.map { Remote(lastModified: $0.lastModified, fields: $0.fields) }
    pendingRevision = conflict.pendingRevision
  }

  /// The server's version as a record of `id`.
  func remoteRecord(id: String) -> KintoRecord? {
    remote.map { KintoRecord(id: id, lastModified: $0.lastModified, fields: $0.fields) }
  }

  /// The server's version when it holds the item: not absent, not a tombstone.
  func liveRemote(id: String) -> KintoRecord? {
    remoteRecord(id: id).flatMap { $0.isDeleted ? nil : $0 }
  }
}

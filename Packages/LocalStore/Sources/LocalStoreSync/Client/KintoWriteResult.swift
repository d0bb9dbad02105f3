// What the server did with one conditional write.

import Foundation

/// What the server did with one ``KintoWrite``.
public enum KintoWriteResult: Equatable, Sendable {
  /// Applied: the record as now stored (a tombstone after a delete).
  case applied(KintoRecord)
  /// The precondition failed (412): the server's current record, or `nil` if it has none
  /// (deleted, or never created).
  case preconditionFailed(current: KintoRecord?)
  /// A delete of a record the server does not have (404).
  case notFound
}

// What one sync round did, as a value.

import Foundation

/// The outcome of one push-then-pull round.
public struct SyncOutcome: Equatable, Sendable {
  /// Local changes the server acknowledged in this round.
  public var sent = 0
  /// Local changes found already on the server (an earlier round's answer was lost): counted
  /// as sent, and never applied twice.
  public var alreadyOnServer = 0
  /// Remote changes pulled and handed to the store: other devices' changes, not this round's
  /// own pushes coming back.
  public var pulled = 0
  /// Edit conflicts found in this round, recorded in the store (empty unless the policy is
  /// ``ConflictPolicy/ask``).
  public var conflicts: [SyncConflict] = []
  /// Conflicts the policy resolved (server wins or client wins).
  public var resolvedByPolicy = 0
  /// Whether this round's pull read again behind its cursor and settled a checkpoint (see
  /// ``PullMarks``).
  public var settled = false
  /// The server's `Backoff` / `Retry-After`: wait at least this long before the next round.
  public var advice = ServerAdvice()

  /// The `last_modified` of each record this round's push wrote, by id: the pull skips them.
  var pushedVersions: [String: Int64] = [:]

  /// An empty outcome.
  public init() {}
}

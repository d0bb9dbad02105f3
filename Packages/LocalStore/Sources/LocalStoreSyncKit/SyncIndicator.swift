// Where a synced store stands with its server, in the words a status line uses.

/// The sync state a front end shows: synced, changes pending, offline, or conflicts waiting.
nonisolated public enum SyncIndicator: Equatable, Sendable {
  /// Nothing waits to be sent, and the last round reached the server.
  case synced
  /// `count` local changes wait for the next round; the last one reached the server.
  case pending(Int)
  /// The last round could not reach the server; `pending` changes wait.
  case offline(pending: Int)
  /// `count` items were changed here and on the server, and wait for a person's choice.
  case conflict(Int)
  /// The last round failed for another reason, which `message` gives; changes wait.
  case failed(String)

  /// The state after a round that found `result`.
  public init(_ result: SyncRoundResult) {
    if result.conflicts > 0 {
      self = .conflict(result.conflicts)
    } else if !result.reachedServer {
      self = .offline(pending: result.pending)
    } else if let message = result.failure {
      self = .failed(message)
    } else {
      self = result.pending == 0 ? .synced : .pending(result.pending)
    }
  }

  /// A few words for a status line: "synced", "pending 3", "offline, 3 pending",
  /// "1 conflict", "sync failed".
  public var text: String {
    switch self {
    case .synced: "synced"
    case .pending(let count): "pending \(count)"
    case .offline(let pending): pending == 0 ? "offline" : "offline, \(pending) pending"
    case .conflict(let count): count == 1 ? "1 conflict" : "\(count) conflicts"
    case .failed: "sync failed"
    }
  }
}

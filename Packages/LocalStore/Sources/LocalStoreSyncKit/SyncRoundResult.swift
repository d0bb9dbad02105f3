// What one background sync round found, as the front end's sync step reports it.

/// The outcome of one round, in the counts a status line needs.
nonisolated public struct SyncRoundResult: Equatable, Sendable {
  /// Local changes still waiting, conflicts included.
  public var pending: Int
  /// Items changed here and on the server, waiting for a choice.
  public var conflicts: Int
  /// Whether the round reached the server (`false`: offline, refused, unavailable).
  public var reachedServer: Bool
  /// Why the round failed otherwise (a wrong password, a bad answer), or `nil`.
  public var failure: String?
  /// How long to wait before the next round: the server's `Backoff` or `Retry-After`, or a
  /// growing delay after failures; `nil`: no wait.
  public var waitBeforeNext: Duration?

  /// A round's outcome.
  public init(
    pending: Int, conflicts: Int, reachedServer: Bool, failure: String? = nil,
    waitBeforeNext: Duration? = nil
  ) {
    self.pending = pending
    self.conflicts = conflicts
    self.reachedServer = reachedServer
    self.failure = failure
    self.waitBeforeNext = waitBeforeNext
  }
}

// One sync round of a store with a Kinto collection: push the outbox, then pull the changes.

import Foundation

/// Syncs one ``SyncStore`` with one collection of the account's default bucket.
///
/// ``synchronize()`` does one round: it sends the pending changes with their preconditions
/// (creates `If-None-Match: *`, updates and deletes `If-Match` on the version last seen) in
/// `/batch` requests of the server's size, records what the server acknowledged in one
/// durable step per batch, then pulls the changes since the store's cursor page by page,
/// each page applied with its cursor in one durable step. A `412` is an edit conflict,
/// recorded and left pending unless the ``ConflictPolicy`` resolves it, or, when the server
/// already holds exactly the pending change (the answer to an earlier push was lost), an
/// acknowledgement. Any error stops the round with everything not yet committed still
/// pending; ``RetrySchedule`` says when to try again.
///
/// Rounds of one store must not overlap: the caller runs one at a time.
public struct Synchronizer<Store: SyncStore>: Sendable {
  /// The server's client.
  public let client: KintoClient
  /// The store synced.
  public let store: Store
  /// The collection's name (a valid record id, e.g. "notes").
  public let collection: String
  /// Who wins an edit conflict.
  public let policy: ConflictPolicy
  /// How long after a pull a write older than its cursor may still be committing on the
  /// server: a pull that long after reads again behind that cursor, once (see ``PullMarks``).
  public let settleAfter: Duration

  /// How far before a checkpoint, in Kinto's milliseconds, a settling pull reads again:
  /// longer than a write on the server can take between getting its `last_modified` and
  /// committing (see ``PullMarks``).
  static var pullOverlap: Int64 { 10_000 }

  /// A synchronizer of `store` with `collection` on `client`'s server; `settleAfter` is how
  /// long a write may take to commit on the server (10 s is far above what Kinto on
  /// PostgreSQL takes; a shorter one suits a test on a loopback server).
  public init(
    client: KintoClient, store: Store, collection: String, policy: ConflictPolicy = .ask,
    settleAfter: Duration = .seconds(10)
  ) {
    self.client = client
    self.store = store
    self.collection = collection
    self.policy = policy
    self.settleAfter = settleAfter
  }

  /// One round: push, then pull. Throws only ``SyncError``.
  public func synchronize() async throws -> SyncOutcome {
    var outcome = SyncOutcome()
    let info = try await client.serverInfo()
    try await client.createCollection(collection)
    try await push(batchMaxRequests: info.batchMaxRequests, into: &outcome)
    try await pull(into: &outcome)
    return outcome
  }

  /// Runs a store call, its failure made a ``SyncError``.
  func storeCall<T>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as SyncError {
      throw error
    } catch {
      throw SyncError.storeFailed(String(describing: error))
    }
  }
}

// The push half of a round: the outbox sent in batches, each answer recorded in one step.

import Foundation

extension Synchronizer {
  /// Sends the pending changes, one `/batch` request and one durable step per batch; the
  /// changes the client wins are sent once more, rebased, in the same round.
  func push(batchMaxRequests: Int, into outcome: inout SyncOutcome) async throws {
    var pending = try await storeCall { try await store.pendingChanges() }
    for _ in 0..<2 where !pending.isEmpty {
      var rebased: [PendingChange] = []
      var start = 0
      while start < pending.count {
        let chunk = Array(pending[start..<min(start + batchMaxRequests, pending.count)])
        start += chunk.count
        let (results, advice) = try await client.write(
          chunk.map(\.write), to: collection, batchMaxRequests: batchMaxRequests)
        outcome.advice = outcome.advice.merged(with: advice)
        var steps: [SyncStep] = []
        for (change, result) in zip(chunk, results) {
          let step = pushed(change, result, into: &outcome)
          steps.append(step)
          if case .rebase(_, _, let lastModified) = step {
            var again = change
            again.baseLastModified = lastModified
            rebased.append(again)
          }
        }
        try await storeCall { try await store.commit(SyncUpdate(steps: steps)) }
      }
      pending = rebased
    }
  }

  /// The step for the server's answer to one pending change.
  private func pushed(
    _ change: PendingChange, _ result: KintoWriteResult, into outcome: inout SyncOutcome
  ) -> SyncStep {
    switch result {
    case .applied(let record):
      outcome.sent += 1
      outcome.pushedVersions[change.id] = record.lastModified
      return .acknowledged(
        id: change.id, revision: change.revision, lastModified: record.lastModified)
    case .notFound:
      outcome.sent += 1
      return .acknowledged(id: change.id, revision: change.revision, lastModified: nil)
    case .preconditionFailed(let current):
      if change.isHeld(by: current) {
        outcome.alreadyOnServer += 1
        let stamp = current.flatMap { $0.isDeleted ? nil : $0.lastModified }
        return .acknowledged(id: change.id, revision: change.revision, lastModified: stamp)
      }
      if change.isEarlierVersion(on: current) {
        // This device's own earlier version, sent in a round whose answer was lost.
        let stamp = current.flatMap { $0.isDeleted ? nil : $0.lastModified }
        return .rebase(id: change.id, revision: change.revision, lastModified: stamp)
      }
      return conflicted(change, remote: current, into: &outcome)
    }
  }

  /// The step for a pending change that meets a different server version, by the policy.
  func conflicted(
    _ change: PendingChange, remote: KintoRecord?, into outcome: inout SyncOutcome
  ) -> SyncStep {
    switch policy {
    case .ask:
      let conflict = SyncConflict(
        id: change.id, local: change.fields, remote: remote, pendingRevision: change.revision)
      outcome.conflicts.append(conflict)
      return .conflict(conflict)
    case .serverWins:
      outcome.resolvedByPolicy += 1
      guard let remote else {
        return .remoteAbsent(id: change.id, expectedPending: change.revision)
      }
      return .remote(remote, expectedPending: change.revision)
    case .clientWins:
      outcome.resolvedByPolicy += 1
      let stamp = remote.flatMap { $0.isDeleted ? nil : $0.lastModified }
      return .rebase(id: change.id, revision: change.revision, lastModified: stamp)
    }
  }
}

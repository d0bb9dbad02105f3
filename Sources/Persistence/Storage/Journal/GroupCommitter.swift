// Group commit: callers whose journal records are appended share the next fsync.

import Dispatch

/// Runs journal syncs on a serial queue for whoever is waiting, many callers per `fsync`.
///
/// A caller appends its record, then calls ``sync(_:then:)`` with a ``JournalSync`` (a
/// duplicate descriptor of the journal). If no sync is running, one starts at once on the
/// queue. Callers that arrive while it runs wait for the next one, which covers every
/// record appended before it starts. The queue calls each caller's completion itself, in
/// the order they arrived, without going back through the repository.
final class GroupCommitter: Sendable {
  typealias Completion = @Sendable (Result<Void, PersistenceError>) -> Void

  private struct State {
    var waiting: [(Completion, JournalSync)] = []
    var isSyncing = false
  }

  private let state = LockedState(State())
  private let queue: DispatchQueue

  /// Creates a committer whose syncs run on `queue`.
  init(queue: DispatchQueue) {
    self.queue = queue
  }

  /// Whether no sync is running or waiting to run.
  var isIdle: Bool {
    state.withLock { !$0.isSyncing }
  }

  /// Calls `completion` on the sync queue once an `fsync` that started after this call has
  /// finished, with ``PersistenceError/notDurable(_:reason:)`` if it failed.
  func sync(_ sync: JournalSync, then completion: @escaping Completion) {
    let start = state.withLock { state in
      state.waiting.append((completion, sync))
      defer { state.isSyncing = true }
      return !state.isSyncing
    }
    if start { queue.async { self.syncWhileAnyoneWaits() } }
  }

  /// Takes everyone waiting, syncs once for all of them, resumes them, and repeats.
  private func syncWhileAnyoneWaits() {
    while true {
      let batch = state.withLock { state in
        let batch = state.waiting
        state.waiting = []
        if batch.isEmpty { state.isSyncing = false }
        return batch
      }
      guard let last = batch.last else { return }
      // Every descriptor is a duplicate of the same open journal: one `fsync` covers all.
      for (_, sync) in batch.dropLast() { sync.close() }
      let result = last.1.run()
      for (completion, _) in batch { completion(result) }
    }
  }
}

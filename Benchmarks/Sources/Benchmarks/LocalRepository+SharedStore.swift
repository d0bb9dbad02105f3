// This project's repository as a contender: each call is exactly what an app would make.

import LocalStore
import LocalStoreSync
import Models

extension LocalRepository: DurableStore, SharedStore where T == Question {
  /// `save(question)`, called from the caller's executor: `nonisolated`, so this adapter adds
  /// no hop of its own and a save that does work before it hops (encoding on the caller's
  /// thread, say) is measured doing it there.
  nonisolated func save(_ question: Question, record: [UInt8]) async throws {
    try await save(question)
  }
}

extension SyncedRepository: DurableStore where Item == Question {
  /// `save(question)`, as for ``LocalRepository``: no hop of the adapter's own.
  nonisolated func save(_ question: Question, record: [UInt8]) async throws {
    try await save(question)
  }
}

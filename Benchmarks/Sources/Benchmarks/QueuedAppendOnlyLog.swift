// The floor of a save that keeps its file work off the pool: write (+fsync) on a queue, awaited.

import Dispatch
import Models

/// An ``AppendOnlyLog`` whose appends run on a serial Dispatch queue while the calling task
/// waits: two thread switches around one `write` (and one `fsync` if the log syncs), and
/// nothing else.
///
/// A store that must not block the cooperative pool cannot save faster than this; the
/// repository's durable save is measured against it with `fsync`, its lossy save without.
struct QueuedAppendOnlyLog: DurableStore {
  let log: AppendOnlyLog
  let queue = DispatchQueue(label: "QueuedAppendOnlyLog")

  func save(_ question: Question, record: [UInt8]) async throws {
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      queue.async {
        continuation.resume(with: Result { try log.append(record) })
      }
    }
  }
}

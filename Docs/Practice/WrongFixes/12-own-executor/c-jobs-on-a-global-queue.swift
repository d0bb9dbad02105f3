// Wrong fix: the solution's executor, but it hands each job to a global queue, "so that a slow
// sync does not hold up the log's queue". A global queue is concurrent: two of the actor's jobs
// run at once, two appends write and sync one descriptor together, and the actor is no longer
// an actor.
// Refused by: two appends ran at once on one log

import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An append-only log: each line is on disk (written and synced) before `append` returns.
actor DurableLog {
  private let descriptor: Int32
  /// Runs the actor's jobs on the serial queue the app gives the log for its blocking calls.
  private nonisolated let executor: QueueExecutor
  /// Makes the written bytes durable: `fsync` in the app; the tests also watch where it runs.
  private let sync: @Sendable (Int32) -> Void

  init(
    fileURL: URL, queue: DispatchQueue,
    sync: @escaping @Sendable (Int32) -> Void = { _ = fsync($0) }
  ) throws {
    descriptor = open(fileURL.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
    executor = QueueExecutor(queue: queue)
    self.sync = sync
  }

  /// The actor runs on `queue`: its blocking calls tie up that queue's thread, not the pool's.
  nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  deinit {
    close(descriptor)
  }

  /// Appends `line` and a newline, and returns once they are durable.
  func append(_ line: String) throws {
    let bytes = Array((line + "\n").utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
    sync(descriptor)  // Blocks this thread until the disk answers: milliseconds, or seconds.
  }
}

/// A serial executor that runs each job on a Dispatch queue, one at a time.
final class QueueExecutor: SerialExecutor {
  let queue: DispatchQueue

  init(queue: DispatchQueue) {
    self.queue = queue
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }
}

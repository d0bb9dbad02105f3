// Wrong fix: run the sync on the log's queue with queue.sync. The sync does run on the queue,
// but the actor still runs on the cooperative pool, and its thread waits for the queue for
// as long as the disk takes: the same thread is held, by another name.
// Refused by: the cooperative pool's threads were the ones waiting

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
  /// A serial queue the app gives the log for its blocking calls.
  private let queue: DispatchQueue
  /// Makes the written bytes durable: `fsync` in the app; the tests also watch where it runs.
  private let sync: @Sendable (Int32) -> Void

  init(
    fileURL: URL, queue: DispatchQueue,
    sync: @escaping @Sendable (Int32) -> Void = { _ = fsync($0) }
  ) throws {
    descriptor = open(fileURL.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
    self.queue = queue
    self.sync = sync
  }

  deinit {
    close(descriptor)
  }

  /// Appends `line` and a newline, and returns once they are durable.
  func append(_ line: String) throws {
    let bytes = Array((line + "\n").utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
    let file = descriptor
    queue.sync { sync(file) }  // On the log's queue, off the actor.
  }
}

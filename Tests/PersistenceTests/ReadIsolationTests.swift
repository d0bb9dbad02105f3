// Reads run on the caller's executor: they answer even while the repository's actor is stuck.

import Foundation
import Models
import TestSupport
import Testing

@testable import Persistence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct ReadIsolationTests {
  /// The first `changes()` subscription catches up with other writers on the actor, waiting
  /// for the store's lock; while another holder keeps the lock, the actor cannot run anything
  /// else. `find(by:)` and `loadAll()` must still answer from the cache: a read that hopped
  /// onto the actor would wait for the lock. A watchdog lets go of the lock after 20 s so a
  /// regression fails instead of hanging.
  @Test @MainActor func readsAnswerWhileTheActorWaitsForTheStoresLock() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.lockTimeout = .seconds(60)
    let repository = try LocalRepository<Question>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    let stored = Question(prompt: "stored before the lock", answer: "a")
    try await repository.save(stored)

    let lock = LockHolder(path: folder.url.appending(path: "q.json.lock").path)
    try #require(lock.acquire())
    lock.releaseAfter(seconds: 20)
    fileSystem.fail(at: nil)  // Forget the calls so far: only the subscription's count.
    let subscription = Task { _ = await repository.changes() }

    // The actor is stuck once the subscription's catch-up has tried the lock.
    while !fileSystem.calls.contains("flock") {
      try await Task.sleep(for: .milliseconds(5))
    }
    let all = await repository.loadAll()
    let found = await repository.find(by: stored.id)
    let answeredWhileLocked = lock.release()

    #expect(answeredWhileLocked, "the reads waited until the watchdog released the lock")
    #expect(all == [stored])
    #expect(found == stored)
    await subscription.value
  }
}

/// An exclusive `flock` on a store's lock file, held as another process would hold it, with
/// a watchdog that releases it if the test never does.
private final class LockHolder: Sendable {
  private let descriptor: Int32
  /// Who let go of the lock first: `true` for the test, `false` for the watchdog.
  private let releasedByTest = LockedState<Bool?>(nil)

  init(path: String) {
    descriptor = open(path, O_RDWR | O_CLOEXEC)
  }

  /// Takes the lock; `false` when the file could not be opened or locked.
  func acquire() -> Bool {
    descriptor >= 0 && flock(descriptor, LOCK_EX) == 0
  }

  /// Releases the lock after `seconds` unless the test has by then.
  func releaseAfter(seconds: Double) {
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
      _ = letGo(byTest: false)
    }
  }

  /// Releases the lock; returns whether the test did so before the watchdog.
  func release() -> Bool {
    letGo(byTest: true)
  }

  private func letGo(byTest: Bool) -> Bool {
    releasedByTest.withLock { first in
      if first == nil {
        first = byTest
        close(descriptor)
      }
      return first == true
    }
  }
}

// A repository that waits for the disk holds its own queue, never a thread of the pool.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct PoolIsolationTests {
  /// While another holder keeps the store's lock, the actor waits in `flock` on its own
  /// queue. Every thread of the cooperative pool must stay free meanwhile: more tasks than
  /// there are cores each hop through a second repository and finish, and `changes()` (whose
  /// first catch-up is what waits) has not returned. A watchdog lets go of the lock after
  /// 90 s so a regression fails instead of hanging: long enough that eight saves finish first
  /// on a loaded machine under the thread sanitizer, which took more than 20 s there.
  @Test func thePoolRunsOnWhileTheActorWaitsForTheStoresLock() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.lockTimeout = .seconds(60)
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    try await repository.save(Note(title: "stored before the lock", text: "a"))
    let other = try LocalRepository<Note>(
      directory: folder.url, filename: "other.json")

    let lock = LockHolder(path: folder.url.appending(path: "q.json.lock").path)
    try #require(lock.acquire())
    lock.releaseAfter(seconds: 90)
    fileSystem.fail(at: nil)  // Forget the calls so far: only the subscription's count.
    let subscription = Task { _ = await repository.changes() }
    while !fileSystem.calls.contains("flock") {
      try await Task.sleep(for: .milliseconds(5))
    }

    let tasks = 4 * ProcessInfo.processInfo.activeProcessorCount
    try await withThrowingTaskGroup(of: Void.self) { group in
      for number in 0..<tasks {
        group.addTask {
          try await other.save(Note(title: "task \(number)", text: "a"))
        }
      }
      try await group.waitForAll()
    }
    let ranWhileLocked = lock.release()

    #expect(ranWhileLocked, "the pool's tasks waited until the watchdog released the lock")
    #expect(!fileSystem.callsOffExecutor.contains("flock"), "\(fileSystem.callsOffExecutor)")
    #expect(await other.loadAll().count == tasks)
    await subscription.value
    #expect(await repository.loadAll().count == 1)
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

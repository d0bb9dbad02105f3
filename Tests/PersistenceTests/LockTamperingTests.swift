// The store's lock holds while its lock file is removed, renamed or replaced.

import Foundation
import Models
import TestSupport
import Testing

@testable import Persistence

@Suite struct LockTamperingTests {
  /// A lock held while its file is removed, renamed or replaced still keeps out a writer that
  /// finds another file (or none) at the path. Both holders are in this process, each with a
  /// descriptor of its own: a `flock` belongs to the open file, so they exclude each other
  /// as two processes do. The second time on a lock file its holder has used before is
  /// taken too, since the first time may differ.
  @Test(arguments: LockTampering.allCases, [1, 2])
  func aHeldLockStillExcludesAWriterOnceItsFileIsTamperedWith(
    tampering: LockTampering, takings: Int
  ) async throws {
    let parent = try TemporaryDirectory()
    let folder = parent.appending("data")
    try await LocalRepository<Question>(directory: folder, filename: "q.json")
      .save(Question(prompt: "before", answer: "a"))
    // Opened before the lock is taken, since opening reads under it too; it opens the lock
    // file for its first change, which finds what is at the path once it was tampered with.
    var configuration = StoreConfiguration()
    configuration.lockTimeout = .milliseconds(200)
    let other = try LocalRepository<Question>(
      directory: folder, filename: "q.json", configuration: configuration)

    let held = StoreLock(
      location: try StoreLocation(directory: folder, filename: "q.json"),
      fileSystem: SystemFileSystem(), timeout: .seconds(5))
    for _ in 1..<takings {
      try held.lock()
      held.unlock()
    }
    try held.lock()
    tampering.apply(in: folder, serial: 0)

    let refused = Question(prompt: "while held", answer: "b")
    let error = await #expect(throws: PersistenceError.self) { try await other.save(refused) }
    guard case .lockTimeout = error else {
      Issue.record("expected a lock time-out, got \(String(describing: error))")
      return
    }
    held.unlock()
    let after = Question(prompt: "after", answer: "c")
    try await other.save(after)
    let reopened = try LocalRepository<Question>(directory: folder, filename: "q.json")
    #expect(await reopened.find(by: after.id) != nil)
    #expect(await reopened.find(by: refused.id) == nil)
  }

  /// Two writers in child processes, one durable and one lossy, while the lock file is
  /// tampered with every 2 ms: every acknowledged save is in the store, nothing fails, and
  /// the store opens.
  @Test(arguments: LockTampering.allCases)
  func acknowledgedSavesSurviveALockFileTamperedWithEveryFewMilliseconds(
    tampering: LockTampering
  ) async throws {
    let round = try await runWritersWhileTampering(
      tampering, writers: 2, durableSaves: 60, lossySaves: 600)
    #expect(round.acknowledged == 661, "\(round.errors)")
    #expect(round.lost == 0, "\(round.errors)")
    #expect(round.falseErrors == 0, "\(round.errors)")
    #expect(round.opened, "\(round.errors)")
  }
}

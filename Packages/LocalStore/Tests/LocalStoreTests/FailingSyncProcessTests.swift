// A real process whose fsync fails: what it was told saved is stored, and nothing it was told failed.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

/// Runs `StoreWriter` with a shim preloaded that makes every few `fsync` and `fdatasync`
/// calls fail with `EIO`, as a failing disk does: the store's own system calls, with no
/// double in between. The shim (``FsyncFailureShim``) is C, built with the system's C
/// compiler into the test's temporary folder.
@Suite struct FailingSyncProcessTests {
  /// How many healthy and failing writers run at once. Under the thread sanitizer, whose
  /// children run many times slower, one of each: eight of them starve the rest of the suite.
  static let writerMixes: [(healthy: Int, failing: Int)] =
    ProcessInfo.processInfo.environment["TEST_SANITIZER"] == "thread"
    ? [(1, 1)] : [(1, 1), (2, 2), (6, 2)]

  @Test(.enabled(if: FsyncFailureShim.canBuild, "no C compiler (cc) to build the fsync shim"))
  func whatAFailingFsyncCoveredIsNeitherAcknowledgedNorStored() async throws {
    let scratch = try TemporaryDirectory(prefix: "FailingSync")
    let shim = try await FsyncFailureShim.build(in: scratch.url)
    let folder = scratch.appending("store")

    let writer = try await ChildProcess.run(
      storeWriter, ["save-through", folder.path, "40", "shim"],
      environment: FsyncFailureShim.environment(shim, failingEvery: 5))
    #expect(writer.status == 0, "\(writer.standardError)")
    let lines = writer.standardOutput.split(separator: "\n")
    let acknowledged = Set(acknowledgedIDs(in: writer.standardOutput))
    let failed = lines.filter { $0.hasPrefix("fail ") }
    #expect(acknowledged.count + failed.count == 40, "\(writer.standardOutput)")
    try #require(!failed.isEmpty && !acknowledged.isEmpty, "\(writer.standardOutput)")
    #expect(failed.allSatisfy { $0.contains("Input/output error") }, "\(failed)")

    let reread = try await ChildProcess.run(storeWriter, ["ids", folder.path])
    #expect(reread.status == 0, "\(reread.standardError)")
    #expect(Set(acknowledgedIDs(in: reread.standardOutput)) == acknowledged)
  }

  /// Writers whose `fsync` fails every few calls save beside healthy ones, all at once, each
  /// a process of its own: the healthy ones never fail (no false "not a valid store" from a
  /// journal another cut back), the store opens afterwards, every acknowledged save of every
  /// writer is in it, and no save reported "not saved" is.
  @Test(
    .enabled(if: FsyncFailureShim.canBuild, "no C compiler (cc) to build the fsync shim"),
    arguments: writerMixes)
  func failingWritersBesideHealthyOnesLoseNothingAcknowledged(
    healthy: Int, failing: Int
  ) async throws {
    let scratch = try TemporaryDirectory(prefix: "FailingBeside")
    let shim = try await FsyncFailureShim.build(in: scratch.url)
    let folder = scratch.appending("store")
    let runs = try await withThrowingTaskGroup(of: (Bool, ChildProcessResult).self) { group in
      for index in 0..<(healthy + failing) {
        let fails = index >= healthy
        group.addTask {
          let result = try await onOwnThread {
            try ChildProcess.runBlocking(
              storeWriter, ["save-through", folder.path, "60", "writer \(index)"],
              environment: fails ? FsyncFailureShim.environment(shim, failingEvery: 3) : [:])
          }
          return (fails, result)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    var acknowledged = Set<UUID>()
    var notSaved = Set<UUID>()
    for (fails, run) in runs {
      #expect(run.status == 0, "\(run.standardError)")
      acknowledged.formUnion(acknowledgedIDs(in: run.standardOutput))
      let failures = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("fail ") }
      if !fails { #expect(failures.isEmpty, "a healthy writer failed: \(failures.prefix(3))") }
      for line in failures where line.contains("was not saved") {
        if let id = UUID(uuidString: String(line.dropFirst(5).prefix(36))) { notSaved.insert(id) }
      }
    }
    let reread = try await ChildProcess.run(storeWriter, ["ids", folder.path])
    #expect(reread.status == 0, "the store opens: \(reread.standardError)")
    let stored = Set(acknowledgedIDs(in: reread.standardOutput))
    #expect(acknowledged.subtracting(stored).isEmpty, "acknowledged saves lost")
    #expect(notSaved.intersection(stored).isEmpty, "saves reported not saved are stored")
    print(
      "failing writers beside healthy ones: \(healthy) healthy, \(failing) failing,"
        + " \(acknowledged.count) acknowledged, \(acknowledged.subtracting(stored).count) lost,"
        + " \(notSaved.count) reported not saved, \(notSaved.intersection(stored).count) of them stored"
    )
  }
}

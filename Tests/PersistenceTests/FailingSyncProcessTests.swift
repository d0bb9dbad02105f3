// A real process whose fsync fails: what it was told saved is stored, and nothing it was told failed.

import Foundation
import TestSupport
import Testing

@testable import Persistence

/// Runs `StoreWriter` with a shim preloaded that makes every few `fsync` and `fdatasync`
/// calls fail with `EIO`, as a failing disk does: the store's own system calls, with no
/// double in between. The shim is C, built with the toolchain's `clang` into the test's
/// temporary folder.
@Suite struct FailingSyncProcessTests {
  static let shimSource = #"""
    #define _GNU_SOURCE
    #include <dlfcn.h>
    #include <errno.h>
    #include <stdatomic.h>
    #include <stdlib.h>

    static atomic_int calls;

    static int fails(void) {
      const char *every = getenv("FAIL_FSYNC_EVERY");
      int n = every ? atoi(every) : 0;
      return n > 0 && (atomic_fetch_add(&calls, 1) + 1) % n == 0;
    }

    int fsync(int fd) {
      if (fails()) { errno = EIO; return -1; }
      int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
      return real(fd);
    }

    int fdatasync(int fd) {
      if (fails()) { errno = EIO; return -1; }
      int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
      return real(fd);
    }
    """#

  /// The toolchain's C compiler: `clang` beside the `swift` that runs the tests, else on the
  /// `PATH`. Every Swift toolchain ships one.
  static func clang() throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for folder in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("clang")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    let beside = URL(fileURLWithPath: "/opt/swift/usr/bin/clang")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "clang"])
  }

  @Test func whatAFailingFsyncCoveredIsNeitherAcknowledgedNorStored() throws {
    let scratch = try TemporaryDirectory(prefix: "FailingSync")
    let source = scratch.appending("fail-fsync.c")
    try Data(Self.shimSource.utf8).write(to: source)
    let shim = scratch.appending("fail-fsync.so")
    let built = try ChildProcess.run(
      try Self.clang(), ["-shared", "-fPIC", "-O1", "-o", shim.path, source.path, "-ldl"])
    try #require(built.status == 0, "clang: \(built.standardError)")
    let folder = scratch.appending("store")

    let writer = try ChildProcess.run(
      storeWriter, ["save-through", folder.path, "40", "shim"],
      environment: ["LD_PRELOAD": shim.path, "FAIL_FSYNC_EVERY": "5"])
    #expect(writer.status == 0, "\(writer.standardError)")
    let lines = writer.standardOutput.split(separator: "\n")
    let acknowledged = Set(acknowledgedIDs(in: writer.standardOutput))
    let failed = lines.filter { $0.hasPrefix("fail ") }
    #expect(acknowledged.count + failed.count == 40, "\(writer.standardOutput)")
    try #require(!failed.isEmpty && !acknowledged.isEmpty, "\(writer.standardOutput)")
    #expect(failed.allSatisfy { $0.contains("Input/output error") }, "\(failed)")

    let reread = try ChildProcess.run(storeWriter, ["ids", folder.path])
    #expect(reread.status == 0, "\(reread.standardError)")
    #expect(Set(acknowledgedIDs(in: reread.standardOutput)) == acknowledged)
  }

  /// Writers whose `fsync` fails every few calls save beside healthy ones, all at once, each
  /// a process of its own: the healthy ones never fail (no false "not a valid store" from a
  /// journal another cut back), the store opens afterwards, every acknowledged save of every
  /// writer is in it, and no save reported "not saved" is.
  @Test(arguments: [(healthy: 1, failing: 1), (healthy: 2, failing: 2), (healthy: 6, failing: 2)])
  func failingWritersBesideHealthyOnesLoseNothingAcknowledged(
    healthy: Int, failing: Int
  ) async throws {
    let scratch = try TemporaryDirectory(prefix: "FailingBeside")
    let source = scratch.appending("fail-fsync.c")
    try Data(Self.shimSource.utf8).write(to: source)
    let shim = scratch.appending("fail-fsync.so")
    let built = try ChildProcess.run(
      try Self.clang(), ["-shared", "-fPIC", "-O1", "-o", shim.path, source.path, "-ldl"])
    try #require(built.status == 0, "clang: \(built.standardError)")
    let folder = scratch.appending("store")
    let runs = try await withThrowingTaskGroup(of: (Bool, ChildProcessResult).self) { group in
      for index in 0..<(healthy + failing) {
        let fails = index >= healthy
        group.addTask {
          let result = try await onOwnThread {
            try ChildProcess.run(
              storeWriter, ["save-through", folder.path, "60", "writer \(index)"],
              environment: fails ? ["LD_PRELOAD": shim.path, "FAIL_FSYNC_EVERY": "3"] : [:])
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
    let reread = try ChildProcess.run(storeWriter, ["ids", folder.path])
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

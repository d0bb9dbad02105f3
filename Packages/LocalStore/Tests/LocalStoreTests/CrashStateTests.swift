// Every state a crash may leave while each workload runs: each opens and holds what was acknowledged.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

/// Runs each workload through a ``RecordingFileSystem``, then builds the states a crash at
/// every point of its log may leave (``CrashStates``: every synced operation applied, subsets
/// of the unsynced ones, the last unsynced write torn or zeroed), writes each into a folder
/// and opens it.
///
/// A crash state holds no rot, so every one must open (no refusal), and hold every save
/// that was acknowledged durable before the crash point: for a durable store, every save
/// that had returned; for a lossy one, every save a `synchronize()` that had returned
/// covered. A table of what was explored goes to standard output. `make test` runs small
/// workloads; with `DURABILITY_CHECKS=full` (`make check`) larger ones and more subsets.
@Suite struct CrashStateTests {
  @Test func everyCrashStateOfSmallWorkloadsOpensWithEverythingAcknowledged() async throws {
    let bound = 4
    var rows: [CrashTally] = []
    for (workload, saves) in [(DurabilityWorkload.oneShot, 3), (.longWriter, 3), (.lossy, 6)] {
      rows.append(try await explore(workload, saves: saves, bound: bound))
    }
    report(rows, bound: bound)
  }

  @Test(.enabled(if: DurabilityChecks.isFull, "the full crash-state check runs in make check"))
  func everyCrashStateOfEveryWorkloadOpensWithEverythingAcknowledged() async throws {
    let bound = 8
    var rows: [CrashTally] = []
    for workload in DurabilityWorkload.allCases {
      rows.append(
        try await explore(workload, saves: workload == .compaction ? 24 : 10, bound: bound))
    }
    report(rows, bound: bound)
  }

  /// The check is worth what it refuses: a store whose journal syncs, or whose folder syncs,
  /// do nothing acknowledges saves a crash can take, and the crash states must show it.
  @Test(arguments: [".journal", "/store"])
  func aStoreWhoseSyncsDoNothingIsCaught(pathEnd: String) async throws {
    let fileSystem = RecordingFileSystem()
    fileSystem.pretendSyncs { $0.hasSuffix(pathEnd) }
    let tally = try await explore(.longWriter, saves: 3, bound: 4, fileSystem: fileSystem)
    #expect(tally.missing > 0, "no crash state lacked a save whose \(pathEnd) sync was skipped")
  }

  private func report(_ rows: [CrashTally], bound: Int) {
    print(
      textTable(
        title: "Crash states (per crash point at most 2^\(bound) subsets of the unsynced"
          + " operations, the earlier ones kept, plus all dropped; the last unsynced write"
          + " also torn at its first and last 512-byte boundary, and zeroed)",
        header: [
          "workload", "operations", "crash points", "states", "distinct", "opened",
          "missing acknowledged", "refusals",
        ],
        rows: rows.map {
          [
            $0.workload, "\($0.operations)", "\($0.crashPoints)", "\($0.states)", "\($0.distinct)",
            "\($0.opened)", "\($0.missing)", "\($0.refusals)",
          ]
        }))
    let failures = rows.flatMap(\.failures)
    for failure in failures.prefix(40) { print("  \(failure)") }
    if failures.count > 40 { print("  … and \(failures.count - 40) more") }
    #expect(rows.allSatisfy { $0.refusals == 0 }, "\(failures.prefix(10).joined(separator: "\n"))")
    #expect(rows.allSatisfy { $0.missing == 0 }, "\(failures.prefix(10).joined(separator: "\n"))")
  }

  /// Runs `workload` through `fileSystem`, then opens every state a crash may leave at each
  /// point of its log.
  private func explore(
    _ workload: DurabilityWorkload, saves: Int, bound: Int,
    fileSystem: RecordingFileSystem = RecordingFileSystem()
  ) async throws -> CrashTally {
    let scratch = try TemporaryDirectory(prefix: "CrashStates")
    let store = scratch.appending("store")
    try FileManager.default.createDirectory(at: store, withIntermediateDirectories: false)
    let run = try await workload.run(
      saves: saves, in: store, fileSystem: fileSystem, clock: { fileSystem.count })
    let log = fileSystem.log
    let directory = (storePath(in: store, filename: DurabilityWorkload.filename) as NSString)
      .deletingLastPathComponent
    let crashStates = CrashStates(log: log, directory: directory, bound: bound)
    var tally = CrashTally(workload: workload.rawValue, operations: log.count)
    var opened: [CrashStates.State: Result<Set<String>, any Error>] = [:]
    for point in 0...log.count {
      tally.crashPoints += 1
      let required = run.durableLabels(by: point)
      let after = point == 0 ? "before any operation" : "after \(log[point - 1].summary)"
      for state in crashStates.states(at: point) {
        tally.states += 1
        if opened[state] == nil {
          let folder = scratch.appending("state-\(opened.count)")
          try CrashStates.materialize(state, in: folder)
          opened[state] = await attempt { try await openedLabels(in: folder).labels }
          try? FileManager.default.removeItem(at: folder)
        }
        switch opened[state] {
        case .failure(let error):
          tally.refusals += 1
          tally.failures.append(
            "\(workload.rawValue), crash point \(point) (\(after)): refused: \(error)")
        case .success(let labels):
          tally.opened += 1
          let missing = required.subtracting(labels).sorted()
          guard !missing.isEmpty else { break }
          tally.missing += 1
          tally.failures.append(
            "\(workload.rawValue), crash point \(point) (\(after)): opened without"
              + " \(missing.count) acknowledged: \(missing.prefix(3).joined(separator: ", "))")
        case nil:
          break
        }
      }
    }
    tally.distinct = opened.count
    return tally
  }
}

/// The counts of one row of the crash-state table.
struct CrashTally {
  var workload: String
  var operations: Int
  var crashPoints = 0
  var states = 0
  var distinct = 0
  var opened = 0
  var missing = 0
  var refusals = 0
  var failures: [String] = []
}

extension FileOperation {
  /// A few words for a failure message: `write 230 bytes at 4096 to file 3`.
  var summary: String {
    let name = { (path: String) in (path as NSString).lastPathComponent }
    switch self {
    case .create(let path, let file): return "create \(name(path)) (file \(file))"
    case .write(let file, let offset, let bytes):
      return "write \(bytes.count) bytes at \(offset) to file \(file)"
    case .truncate(let file, let length): return "truncate file \(file) to \(length)"
    case .sync(let file): return "fsync file \(file)"
    case .rename(let source, let destination):
      return "rename \(name(source)) to \(name(destination))"
    case .link(let source, let destination): return "link \(name(source)) as \(name(destination))"
    case .unlink(let path): return "unlink \(name(path))"
    case .syncDirectory: return "fsync the folder"
    }
  }
}

// Checks exercise 12: while the log's syncs wait for the disk, the cooperative pool goes on
// running other work, and no line is acknowledged before its sync.

import Dispatch
import ExerciseSupport
import Foundation
import Testing

@testable import Exercise12

@Suite struct DurableLogTests {
  @Test func linesAreWritten() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let log = try DurableLog(fileURL: folder.file("log.txt"), queue: DispatchQueue(label: "log"))
    try await log.append("first")
    try await log.append("second")
    #expect(try String(contentsOf: folder.file("log.txt"), encoding: .utf8) == "first\nsecond\n")
  }

  /// A log that cannot open its file says so at once, rather than failing every append later.
  @Test func aFileThatCannotBeOpenedMakesInitThrow() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(throws: (any Error).self, "the log's file could not be opened and init did not throw") {
      _ = try DurableLog(
        fileURL: folder.file("missing folder/log.txt"), queue: DispatchQueue(label: "log"))
    }
  }

  /// A log that goes away closes its file: an app that opens and drops logs must not run out
  /// of file descriptors.
  @Test func aLogThatGoesAwayClosesItsFile() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.file("log.txt")
    do {
      let log = try DurableLog(fileURL: file, queue: DispatchQueue(label: "log"))
      try await log.append("a line")
      #expect(openDescriptors(of: file) == 1)
    }
    let left = await eventuallyCount { openDescriptors(of: file) == 0 }
    #expect(left, "the log is gone and its file is still open: deinit must close it")
  }

  /// How many of this process's descriptors are open on `file` (Linux's /proc; elsewhere 0).
  func openDescriptors(of file: URL) -> Int {
    let folder = "/proc/self/fd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let target = file.resolvingSymlinksInPath().path
    return names.filter {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == target
    }.count
  }

  /// Polls `condition` for up to five seconds (a deinit may run a moment after the last use).
  func eventuallyCount(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<500 {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
  }

  /// More logs than the pool has threads, each syncing to a disk that does not answer (the
  /// gate). A task on the pool must still run while they all wait; with syncs on the pool,
  /// it can only run once the gate opens.
  @Test func thePoolRunsOtherWorkWhileEveryLogWaitsForTheDisk() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let gate = BlockingGate()
    let count = 2 * ProcessInfo.processInfo.activeProcessorCount + 1
    let logs = try (0..<count).map { index in
      try DurableLog(
        fileURL: folder.file("log-\(index).txt"), queue: DispatchQueue(label: "log \(index)"),
        sync: { _ in gate.block() })
    }
    let appends = Task {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for log in logs {
          group.addTask {
            try await log.append("a line")
            gate.noteReturn()
          }
        }
        try await group.waitForAll()
      }
    }
    await gate.waitForBlockedCalls(count)
    await gate.probe()
    gate.open()
    try await appends.value
    let seen = await gate.recordedEvents()
    let opened = seen.firstIndex(of: .opened) ?? seen.endIndex
    #expect(
      seen.firstIndex(of: .probeRan).map { $0 < opened } == true,
      """
      while the logs waited for their syncs, no other task could run: the cooperative pool's \
      threads were the ones waiting, not the log's queue
      """)
    #expect(
      !seen[..<opened].contains(.returned),
      "append(_:) returned before its sync: the line was acknowledged before it was durable")
  }

  /// The actor's jobs run one at a time, whatever queue the app gives it: an executor that
  /// hands jobs to a concurrent queue (or to a global one) runs two appends at once, and two
  /// writes and syncs on one descriptor interleave. The first sync waits (up to two seconds,
  /// the only wait a correct log pays) for a second one to start beside it.
  @Test func appendsRunOneAtATime() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let probe = OverlapProbe()
    let log = try DurableLog(
      fileURL: folder.file("log.txt"), queue: DispatchQueue(label: "log"),
      sync: { _ in probe.sync() })
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<4 { group.addTask { try await log.append("line \(index)") } }
      try await group.waitForAll()
    }
    #expect(
      !probe.overlapped,
      "two appends ran at once on one log: the executor must run the actor's jobs one at a time (a serial queue)"
    )
    let lines = try String(contentsOf: folder.file("log.txt"), encoding: .utf8)
      .split(separator: "\n")
    #expect(lines.count == 4, "the log holds \(lines.count) lines after 4 appends")
  }
}

/// Notes whether two syncs were ever under way at once. The first one waits until a second
/// starts, or two seconds, so that a log that runs jobs at once is caught every time.
final class OverlapProbe: @unchecked Sendable {
  private let lock = NSLock()
  private var inside = 0
  private var calls = 0
  private var sawOverlap = false
  private let second = DispatchSemaphore(value: 0)

  var overlapped: Bool { lock.withLock { sawOverlap } }

  func sync() {
    let first = lock.withLock {
      inside += 1
      calls += 1
      if inside > 1 {
        sawOverlap = true
        second.signal()
      }
      return calls == 1
    }
    if first { _ = second.wait(timeout: .now() + 2) }
    lock.withLock { inside -= 1 }
  }
}

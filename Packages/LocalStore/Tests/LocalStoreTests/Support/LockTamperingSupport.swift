// Writers in child processes while the test removes, renames or replaces their lock file.

import Foundation
import LocalStoreTestSupport

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What is done to `<store>.lock` while writers run.
enum LockTampering: String, CaseIterable, Sendable {
  /// `rm q.json.lock`.
  case removed
  /// `mv q.json.lock q.json.lock.moved`, over the one moved before.
  case renamed
  /// A new, empty file renamed over `q.json.lock`.
  case replaced

  /// Does it once to the lock file of `q.json` in `folder`; `serial` names the new file.
  func apply(in folder: URL, serial: Int) {
    let lock = folder.appendingPathComponent("q.json.lock").path
    switch self {
    case .removed:
      _ = unlink(lock)
    case .renamed:
      _ = rename(lock, lock + ".moved")
    case .replaced:
      let fresh = folder.appendingPathComponent("fresh-\(serial).tmp").path
      let descriptor = open(fresh, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      guard descriptor >= 0 else { return }
      close(descriptor)
      _ = rename(fresh, lock)
    }
  }
}

/// What one round of writers under a tampered lock file did.
struct TamperingRound: Sendable {
  /// Saves the writers reported saved.
  var acknowledged = 0
  /// Acknowledged saves missing from the store opened afterwards.
  var lost = 0
  /// Saves or syncs that failed, and writers that ended with an error: nothing was made to
  /// fail, so every one is false.
  var falseErrors = 0
  /// Whether the store opened afterwards.
  var opened = false
  /// How often the lock file was tampered with.
  var tamperings = 0
  /// Writers killed with `SIGKILL` while they saved.
  var killed = 0
  /// The first few error lines, for the test's message.
  var errors: [String] = []

  static func + (left: Self, right: Self) -> Self {
    Self(
      acknowledged: left.acknowledged + right.acknowledged, lost: left.lost + right.lost,
      falseErrors: left.falseErrors + right.falseErrors, opened: left.opened && right.opened,
      tamperings: left.tamperings + right.tamperings, killed: left.killed + right.killed,
      errors: Array((left.errors + right.errors).prefix(5)))
  }
}

/// Runs `writers` `StoreWriter` children on one fresh store (every other one durable, the
/// rest `lossyOnPowerCut` followed by `synchronize()`), while a thread applies `tampering` to
/// the lock file every `interval` until they have all ended; with `killOne`, one writer,
/// picked at random, is killed with `SIGKILL` 20 to 200 ms after it started (a save it had
/// acknowledged, lossy or not, was written, and a killed process loses none). Then opens the
/// store and looks for every acknowledged save.
func runWritersWhileTampering(
  _ tampering: LockTampering, writers: Int, durableSaves: Int, lossySaves: Int,
  interval: Duration = .milliseconds(2), killOne: Bool = false
) async throws -> TamperingRound {
  let parent = try TemporaryDirectory()
  let folder = parent.appending("data")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  // The store exists before the writers start, as a store in use does.
  let first = Note(title: "first", text: "a")
  try await LocalRepository<Note>(directory: folder, filename: "q.json").save(first)

  let done = Guarded(false)
  let tamperer = Task {
    try await onOwnThread { () -> Int in
      var count = 0
      while !done.read({ $0 }) {
        tampering.apply(in: folder, serial: count)
        count += 1
        let parts = interval.components
        usleep(useconds_t(parts.seconds * 1_000_000 + parts.attoseconds / 1_000_000_000_000))
      }
      return count
    }
  }
  let path = folder.path
  let victim = killOne ? Int.random(in: 0..<writers) : nil
  let results = try await withThrowingTaskGroup(of: WriterOutcome.self) { group in
    for writer in 0..<writers {
      let durable = writer.isMultiple(of: 2)
      let mode = durable ? "save-through" : "save-through-relaxed"
      let count = String(durable ? durableSaves : lossySaves)
      let killAfter: Duration? = writer == victim ? .milliseconds(Int.random(in: 20...200)) : nil
      group.addTask {
        try await onOwnThread {
          try runWriter(
            [mode, path, count, "writer\(writer)"], in: parent.url, killAfter: killAfter)
        }
      }
    }
    var results: [WriterOutcome] = []
    for try await result in group { results.append(result) }
    return results
  }
  done.withLock { $0 = true }
  var round = TamperingRound()
  round.tamperings = try await tamperer.value

  var acknowledged: [UUID] = [first.id]
  for result in results {
    acknowledged += acknowledgedIDs(in: result.standardOutput)
    let failures = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("fail ") }
    if result.wasSignalled { round.killed += 1 }
    let failedToEnd = result.status != 0 && !result.wasSignalled
    round.falseErrors += failures.count + (failedToEnd ? 1 : 0)
    round.errors += failures.prefix(2).map(String.init)
    if failedToEnd { round.errors.append("exit \(result.status): \(result.standardError)") }
  }
  round.acknowledged = acknowledged.count
  do {
    let reopened = try LocalRepository<Note>(directory: folder, filename: "q.json")
    let stored = Set(await reopened.loadAll().map(\.id))
    round.lost = acknowledged.filter { !stored.contains($0) }.count
    round.opened = true
  } catch {
    round.lost = acknowledged.count
    round.errors.append("open: \(error)")
  }
  round.errors = Array(round.errors.prefix(5))
  return round
}

/// How a writer ended, and what it printed.
private struct WriterOutcome: Sendable {
  /// The exit code, or 128 + the signal number when a signal ended it.
  var status: Int32
  var wasSignalled: Bool
  var standardOutput: String
  var standardError: String
}

/// Runs `StoreWriter` with `arguments` to completion, its output going to files in `folder`
/// (a pipe could fill while nobody reads it), and kills it with `SIGKILL` after `killAfter`
/// if it is still running then.
private func runWriter(
  _ arguments: [String], in folder: URL, killAfter: Duration?
) throws -> WriterOutcome {
  let name = UUID().uuidString
  let output = folder.appendingPathComponent("\(name).out")
  let errors = folder.appendingPathComponent("\(name).err")
  _ = FileManager.default.createFile(atPath: output.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
  let process = Process()
  process.executableURL = storeWriter
  process.arguments = arguments
  process.environment = ChildProcess.environment([:])
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = try FileHandle(forWritingTo: output)
  process.standardError = try FileHandle(forWritingTo: errors)
  try process.run()
  if let killAfter {
    let parts = killAfter.components
    usleep(useconds_t(parts.seconds * 1_000_000 + parts.attoseconds / 1_000_000_000_000))
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
  process.waitUntilExit()
  let signalled = process.terminationReason == .uncaughtSignal
  return WriterOutcome(
    status: signalled ? 128 + process.terminationStatus : process.terminationStatus,
    wasSignalled: signalled,
    standardOutput: String(decoding: try Data(contentsOf: output), as: UTF8.self),
    standardError: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
}

// Writers in child processes while the test removes, renames or replaces their lock file.

import Foundation
import Models
import TestSupport

@testable import Persistence

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
  /// The first few error lines, for the test's message.
  var errors: [String] = []

  static func + (left: Self, right: Self) -> Self {
    Self(
      acknowledged: left.acknowledged + right.acknowledged, lost: left.lost + right.lost,
      falseErrors: left.falseErrors + right.falseErrors, opened: left.opened && right.opened,
      tamperings: left.tamperings + right.tamperings,
      errors: Array((left.errors + right.errors).prefix(5)))
  }
}

/// Runs `writers` `StoreWriter` children on one fresh store (every other one durable, the
/// rest `lossyOnPowerCut` followed by `synchronize()`), while a thread applies `tampering` to
/// the lock file every `interval` until they have all ended; then opens the store and looks
/// for every acknowledged save.
func runWritersWhileTampering(
  _ tampering: LockTampering, writers: Int, durableSaves: Int, lossySaves: Int,
  interval: Duration = .milliseconds(2)
) async throws -> TamperingRound {
  let parent = try TemporaryDirectory()
  let folder = parent.appending("data")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  // The store exists before the writers start, as a store in use does.
  let first = Question(prompt: "first", answer: "a")
  try await LocalRepository<Question>(directory: folder, filename: "q.json").save(first)

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
  let results = try await withThrowingTaskGroup(of: ChildProcessResult.self) { group in
    for writer in 0..<writers {
      let durable = writer.isMultiple(of: 2)
      let mode = durable ? "save-through" : "save-through-relaxed"
      let count = String(durable ? durableSaves : lossySaves)
      group.addTask {
        try await onOwnThread {
          try ChildProcess.run(storeWriter, [mode, path, count, "writer\(writer)"])
        }
      }
    }
    var results: [ChildProcessResult] = []
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
    round.falseErrors += failures.count + (result.status == 0 ? 0 : 1)
    round.errors += failures.prefix(2).map(String.init)
    if result.status != 0 { round.errors.append("exit \(result.status): \(result.standardError)") }
  }
  round.acknowledged = acknowledged.count
  do {
    let reopened = try LocalRepository<Question>(directory: folder, filename: "q.json")
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

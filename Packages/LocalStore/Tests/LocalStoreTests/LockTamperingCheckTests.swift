// `make check`'s kill loop on the lock: its file removed, renamed and replaced every 2 ms
// under 2 and 4 writers mixing durable and lossy saves, one of them killed in each round,
// every acknowledged save verified.

import Foundation
import Testing

/// Rounds of ``runWritersWhileTampering(_:writers:durableSaves:lossySaves:interval:)`` for
/// every tampering and 2 and 4 writers (half durable, half lossy), one writer of each round
/// killed with `SIGKILL` at a random moment, then one table: writers, tampering, rounds,
/// tamperings, writers killed, acknowledged saves, lost, false errors, stores opened.
///
/// Runs only when `STORE_CHECKS` is set, as `make check` sets it (about a minute); the normal
/// suite runs one short round of each tampering (``LockTamperingTests``).
/// `LOCK_CHECK_ROUNDS` sets the rounds per row (8 by default).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["STORE_CHECKS"] != nil))
struct LockTamperingCheckTests {
  @Test func everyAcknowledgedSaveSurvivesTheLockFileTamperedWith() async throws {
    let rounds =
      ProcessInfo.processInfo.environment["LOCK_CHECK_ROUNDS"].flatMap { Int($0) }.map {
        max($0, 1)
      } ?? 8
    var table = [
      "writers | tampering | rounds | tamperings | killed | acknowledged | lost | false errors"
        + " | opened",
      "--- | --- | --- | --- | --- | --- | --- | --- | ---",
    ]
    var total = TamperingRound(opened: true)
    for writers in [2, 4] {
      for tampering in LockTampering.allCases {
        var row = TamperingRound(opened: true)
        var opened = 0
        for _ in 0..<rounds {
          let round = try await runWritersWhileTampering(
            tampering, writers: writers, durableSaves: 150, lossySaves: 3_000, killOne: true)
          if round.opened { opened += 1 }
          row = row + round
        }
        table.append(
          "\(writers) | \(tampering.rawValue) | \(rounds) | \(row.tamperings) | \(row.killed)"
            + " | \(row.acknowledged) | \(row.lost) | \(row.falseErrors) | \(opened) of \(rounds)")
        #expect(row.lost == 0, "\(writers) writers, \(tampering): \(row.errors)")
        #expect(row.falseErrors == 0, "\(writers) writers, \(tampering): \(row.errors)")
        #expect(row.opened, "\(writers) writers, \(tampering): \(row.errors)")
        total = total + row
      }
    }
    table.append(
      "all | | | \(total.tamperings) | \(total.killed) | \(total.acknowledged) | \(total.lost)"
        + " | \(total.falseErrors) | \(total.opened ? "all" : "not all")")
    print(table.joined(separator: "\n"))
  }
}

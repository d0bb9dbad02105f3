// A device killed with SIGKILL at random points while it edits and syncs: nothing lost, nothing sent twice.

import Foundation
import LocalStoreSync
import LocalStoreTestSupport
import Testing

/// How many kills the loop makes: `SYNC_KILLS=full` (as `make check` sets it) makes 200;
/// otherwise a sample of 12 runs in `make test`-sized time.
enum SyncKills {
  static var count: Int { ProcessInfo.processInfo.environment["SYNC_KILLS"] == "full" ? 200 : 12 }
}

/// Pages of 5 and batches of 4: rounds page and split batches, so kills land between steps.
/// The server records every write it applies (Kinto's history plugin): a change applied
/// twice is counted there, not guessed from the end state.
@Suite(.needsSyncServer, .kintoServer(paginateBy: 5, batchMaxRequests: 4, history: true))
struct SyncKillLoopTests {
  private struct Tally {
    var kills = 0
    var killedMidRound = 0
    var finished = 0
    var conflicts = 0
  }

  /// `SyncDevice churn` makes creates, updates and deletes on one synced store and syncs
  /// every third edit; it is killed at a random instant, from start-up to its last round
  /// (a run that finished first is not counted as a kill).
  /// After each kill the store is opened here and must hold every acknowledged edit (and
  /// at most the one the kill cut off). Every other kill, and after the last, this process
  /// syncs the store until nothing is pending, and a device pulls the server's notes: they
  /// must be the model's exactly, none lost, none an older edit applied again, no delete
  /// undone, no text written twice in the server's history, and no conflict (one device never conflicts with itself, even when a kill lost
  /// a round's answer and the next run edited the same notes again).
  @Test func aDeviceKilledAtRandomLosesNoAcknowledgedChangeAndSendsNoneTwice() async throws {
    let fixture = try ServerFixture()
    let folder = try TemporaryDirectory(prefix: "SyncKillLoop")
    var model = ChangeModel()
    var tally = Tally()
    var found = (lost: Set<String>(), replayed: Set<String>())
    let third = try await SyncedRepository<Note>.open(
      directory: try TemporaryDirectory(prefix: "SyncKillLoopThird").url, filename: "n.json")
    var seed = 0
    // The kill lands anywhere in a run: the pause is drawn up to an estimate of a run's
    // length, the last run that finished, which grows with the store; after a kill it grows
    // by a tenth (at most to 20 s), so that a slower server (PostgreSQL) still sees late kills.
    var runLength = Duration.milliseconds(600)
    while tally.kills < SyncKills.count {
      seed += 1
      let started = ContinuousClock.now
      let run = try await KilledDevice.run(
        folder: folder.url, fixture: fixture, seed: seed, edits: 24,
        pause: runLength * Double.random(in: 0.02..<1.0))
      runLength =
        run.wasKilled ? min(runLength * 1.1, .seconds(20)) : ContinuousClock.now - started
      #expect(run.errors.isEmpty, "run \(seed): \(run.errors)")
      if run.wasKilled {
        try await ServerHistory.untilQuiet(fixture)
        tally.kills += 1
        if run.lines.last == "round-start" { tally.killedMidRound += 1 }
      } else {
        tally.finished += 1
        #expect(run.status == 0, "run \(seed)")
      }
      model.read(run.lines)
      tally.conflicts += run.lines.reduce(0) { count, line in
        let words = line.split(separator: " ")
        return count + (words.first == "round" ? Int(words.last ?? "") ?? 0 : 0)
      }
      let store = try await SyncedRepository<Note>.open(directory: folder.url, filename: "n.json")
      let lost = model.check(try await texts(of: store))
      #expect(lost.isEmpty, "run \(seed) lost the acknowledged edits of \(lost) here")
      // Every other kill, synced again here and compared with what a device starting empty
      // pulls (one device all along, pulling only what changed since its last round); the
      // others go on editing before any round, as after a crash mid-round.
      if run.wasKilled && tally.kills % 2 == 1 {
        tally.conflicts += try await settle(store, fixture)
        try await compare(model, store, third, fixture, &found)
      }
    }

    let store = try await SyncedRepository<Note>.open(directory: folder.url, filename: "n.json")
    tally.conflicts += try await settle(store, fixture)
    try await compare(model, store, third, fixture, &found)
    // Every text is written by one edit only: the server wrote each at most once.
    let history = try await ServerHistory(fixture)
    found.replayed.formUnion(history.appliedTwice)
    print(
      """
      sync kill loop: \(tally.kills) kills (\(tally.killedMidRound) mid-round), \
      \(tally.finished) runs finished first, \(model.acknowledged) changes acknowledged, \
      \(await third.count()) notes on the server, \(history.count) writes in its history, \
      conflicts: \(tally.conflicts)
      | kills | changes | lost | duplicated |
      | \(tally.kills) | \(model.acknowledged) | \(found.lost.count) | \(found.replayed.count) |
      """)
    #expect(found.lost.isEmpty, "lost on the server: \(found.lost.sorted())")
    #expect(found.replayed.isEmpty, "applied twice on the server: \(found.replayed.sorted())")
    // One device: every conflict would be one with itself, after an answer lost in a kill.
    #expect(tally.conflicts == 0)
    #expect(tally.kills >= SyncKills.count)
  }

  /// Syncs `store` here until nothing is pending; a conflict (there should be none: one
  /// device's own earlier version found on the server is no conflict) is resolved "keep
  /// mine", as a person would. Returns how many.
  private func settle(
    _ store: SyncedRepository<Note>, _ fixture: ServerFixture
  ) async throws
    -> Int
  {
    var conflicts = 0
    for _ in 0..<6 {
      let outcome = try await fixture.synchronizer(store).synchronize()
      conflicts += outcome.conflicts.count
      for conflict in try await store.conflicts() {
        try await store.resolveConflict(conflict.recordID, keepingMine: true)
      }
      if await store.pendingCount() == 0 { break }
    }
    #expect(await store.pendingCount() == 0)
    return conflicts
  }

  /// Pulls into `third` and compares the server's notes with the model and with `store`.
  private func compare(
    _ model: ChangeModel, _ store: SyncedRepository<Note>, _ third: SyncedRepository<Note>,
    _ fixture: ServerFixture, _ found: inout (lost: Set<String>, replayed: Set<String>)
  ) async throws {
    _ = try await fixture.synchronizer(third).synchronize()
    var model = model
    let onServer = try await texts(of: third)
    found.lost.formUnion(model.check(onServer))
    found.replayed.formUnion(model.replayed(in: onServer))
    #expect(try await texts(of: store) == onServer, "the devices did not converge")
  }

  /// Each note's text by record id.
  private func texts(of store: SyncedRepository<Note>) async throws -> [String: String] {
    var texts: [String: String] = [:]
    for note in await store.loadAll() { texts[try note.id.recordID()] = note.text }
    return texts
  }
}

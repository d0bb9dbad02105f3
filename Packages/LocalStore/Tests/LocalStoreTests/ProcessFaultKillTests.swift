// A writer killed with SIGKILL at random moments never loses a save it acknowledged.

import Foundation
import LocalStoreSQLite
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct ProcessFaultKillTests {
  /// Saves each writer is asked to make; most are killed long before the last one.
  static let savesPerWriter = 30
  /// Iterations sharing one folder, so the store grows to some size before a fresh one.
  static let iterationsPerFolder = 20

  /// What the test saw over all iterations, printed at the end.
  struct Tally {
    var killed = 0
    var finishedBeforeTheKill = 0
    var killedDuringAWrite = 0
    var acknowledged = 0
  }

  /// Starts `StoreWriter`, kills it with SIGKILL after a random number of acknowledgements
  /// and a random pause, then opens the store in this process and checks that it opens, holds
  /// every acknowledged save, holds at most one unacknowledged save of that writer (the one
  /// whose acknowledgement the kill cut off) and keeps no temporary file.
  ///
  /// `STRESS_ITERATIONS` overrides the number of iterations (200 by default). The writer
  /// runs once with the default durability and once with
  /// ``Durability/lossyOnPowerCut(syncWithin:)``, which must lose nothing to a kill either,
  /// and once with up to 8 saves in flight at once, which share syncs (group commit) and may
  /// each have been stored without their acknowledgement. `sqlite-save` runs the same
  /// writer on ``SQLiteRepository`` (WAL, `synchronous=FULL`); `StoreWriter` also takes
  /// `sqlite-save-relaxed` and `sqlite-save-concurrent`, left out here because every kill loop
  /// runs at once beside the rest of the suite, whose time limits two more overran on a busy
  /// machine.
  @Test(arguments: ["save", "save-relaxed", "save-concurrent", "sqlite-save"])
  func killingAWriterAtRandomMomentsNeverLosesAnAcknowledgedSave(mode: String) async throws {
    let iterations = FaultEnvironment.stressIterations(default: 200)
    let root = try TemporaryDirectory(prefix: "ProcessFaultKill")
    let started = ContinuousClock.now
    var tally = Tally()
    var acknowledged: [UUID] = []  // Every id acknowledged in the current folder.
    for iteration in 0..<iterations {
      let folder = root.appending("store-\(iteration / Self.iterationsPerFolder)")
      let iterationsInFolder = iteration % Self.iterationsPerFolder + 1
      if iterationsInFolder == 1 { acknowledged = [] }

      let outcome = try await Self.runAndKill(
        folder: folder, prefix: "iter\(iteration)", mode: mode)
      if outcome.writer.wasKilled {
        tally.killed += 1
        #expect(outcome.writer.status == SIGKILL, "iteration \(iteration)")
      } else {
        tally.finishedBeforeTheKill += 1
        #expect(outcome.writer.status == 0, "iteration \(iteration)")
        #expect(outcome.writer.acknowledged.count == Self.savesPerWriter)
      }
      #expect(outcome.writer.standardError.isEmpty, "iteration \(iteration)")
      if !outcome.leftovers.isEmpty { tally.killedDuringAWrite += 1 }
      acknowledged += outcome.writer.acknowledged
      tally.acknowledged += outcome.writer.acknowledged.count

      let repository: any Repository<Note>
      do {
        repository =
          mode.hasPrefix("sqlite-")
          ? try await SQLiteRepository<Note>.open(directory: folder, filename: "q.sqlite")
          : try LocalRepository<Note>(directory: folder, filename: "q.json")
      } catch {
        Issue.record("iteration \(iteration): the store does not open after a kill: \(error)")
        return
      }
      let stored = await repository.loadAll()
      let storedIDs = Set(stored.map(\.id))
      let lost = acknowledged.filter { !storedIDs.contains($0) }
      #expect(lost.isEmpty, "iteration \(iteration): acknowledged saves lost: \(lost)")
      #expect(storedIDs.count == stored.count, "iteration \(iteration): duplicate ids")
      // Saves run one after another, so this writer's items are its first N prompts, where N
      // is the number it acknowledged, or one more if the kill fell between save and ack.
      // With saves in flight together, up to that many more, in any order.
      let inFlight = mode.hasSuffix("save-concurrent") ? 8 : 1
      let prompts = stored.map(\.title).filter { $0.hasPrefix("iter\(iteration) ") }
      let count = outcome.writer.acknowledged.count
      #expect(prompts.count >= count && prompts.count <= count + inFlight, "iteration \(iteration)")
      if inFlight == 1 {
        #expect(prompts == (0..<prompts.count).map { "iter\(iteration) \($0)" })
      }
      #expect(stored.count <= acknowledged.count + iterationsInFolder * inFlight)
      let remaining = try Self.temporaryFilesIfAny(in: folder)
      #expect(remaining.isEmpty, "iteration \(iteration): temporary files left: \(remaining)")
      if !lost.isEmpty || !remaining.isEmpty { return }  // One report is enough.
    }
    #expect(tally.killed > 0, "no kill landed while a writer was running")
    print(
      "kill -9 (\(mode)): \(iterations) iterations in \(ContinuousClock.now - started):"
        + " \(tally.killed) writers killed (\(tally.killedDuringAWrite) while writing a"
        + " snapshot, which leaves a temporary file; a killed journal append leaves no trace"
        + " to count), \(tally.finishedBeforeTheKill) finished first;"
        + " \(tally.acknowledged) acknowledged saves, none lost.")
  }

  /// One writer's outcome, and the temporary files it left before anyone reopened the store.
  struct KillOutcome: Sendable {
    var writer: KillableWriter.Outcome
    var leftovers: [String]
  }

  /// Runs one writer into `folder` and kills it at a random moment.
  static func runAndKill(
    folder: URL, prefix: String, mode: String = "save"
  ) async throws -> KillOutcome {
    // Wait for a random number of acks, leaving at least five saves to interrupt; with none,
    // a longer pause lands the kill anywhere from start-up to the first saves. A lossy save
    // returns without an `fsync` (about 20 µs against 300), so its window is shorter: with
    // the durable window, most lossy writers finished before the kill.
    let acknowledgements = Int.random(in: 0..<(savesPerWriter - 5))
    let window: useconds_t = mode.hasSuffix("save-relaxed") ? 150 : 3_000
    let pause = useconds_t.random(in: 0..<(acknowledgements == 0 ? 25_000 : window))
    return try await onOwnThread {
      let writer = try KillableWriter(
        folder: folder, count: savesPerWriter, prefix: prefix, mode: mode)
      writer.waitForAcknowledgements(acknowledgements)
      usleep(pause)
      writer.killNow()
      let outcome = try writer.finish()
      return KillOutcome(writer: outcome, leftovers: try temporaryFilesIfAny(in: folder))
    }
  }

  /// The temporary files in `folder`; none when a writer died before creating the folder.
  static func temporaryFilesIfAny(in folder: URL) throws -> [String] {
    guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
    return try temporaryFiles(in: folder)
  }
}

// A writer killed with SIGKILL while it folds the journal into a new snapshot loses nothing.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct ProcessFaultCompactionTests {
  /// Where a kill during the compaction test landed, judged from the files it left.
  struct CompactionTally {
    var beforeTheNewSnapshotExisted = 0
    var writingTheNewSnapshot = 0
    var afterTheRenameBeforeEmptyingTheJournal = 0
    var afterCompaction = 0
  }

  /// Each writer starts on a copy of a store whose journal is a few records short of being
  /// compacted, and is killed around the save that compacts it (each save followed by
  /// `synchronize()`, which waits for the compaction, as the app's commands end): while the new snapshot is
  /// written, between its rename and the emptying of the journal, or just before or after.
  /// The store must open with every item, take a new save, and open again with it.
  ///
  /// `STRESS_ITERATIONS` sets the number of iterations to a quarter of its value (50 by
  /// default).
  @Test func killingAWriterWhileItCompactsTheJournalNeverLosesASave() async throws {
    let iterations = max(FaultEnvironment.stressIterations(default: 200) / 4, 1)
    let root = try TemporaryDirectory(prefix: "ProcessFaultCompaction")
    let template = root.appending("template")
    let seed = try await fillJournalToJustBelowCompaction(in: template, margin: 1 << 10) {
      writerSizedNote($0, prefix: "seed")
    }
    let names = ["q.json", "q.json.journal"]
    // The records' size, without the zeros reserved after them.
    let journalSize = try #require(
      journalRecords(at: template.appendingPathComponent("q.json.journal"))
    ).count

    // An uninterrupted writer shows which save compacts, and how long it takes.
    let calibration = try Self.copy(names, from: template, to: root.appending("calibration"))
    let timing = try await onOwnThread { () throws -> [Duration] in
      let writer = try KillableWriter(
        folder: calibration, count: 8, prefix: "calibration", mode: "save-synchronized")
      var times: [Duration] = []
      let start = ContinuousClock.now
      for count in 1...8 {
        writer.waitForAcknowledgements(count)
        times.append(ContinuousClock.now - start)
      }
      _ = try writer.finish()
      return times
    }
    let compacted = journalRecords(at: calibration.appendingPathComponent("q.json.journal"))
    try #require((compacted?.count ?? 0) < journalSize, "8 saves did not compact the journal")
    // After the first (which includes start-up), the save with the longest wait for its ack
    // is the one that compacted.
    let gaps = zip(timing, [.zero] + timing).map { $0 - $1 }
    let compactingSave = try #require(gaps.indices.dropFirst().max { gaps[$0] < gaps[$1] })
    // How long after the previous ack the compaction's file work ends, in microseconds: a
    // first guess, then nudged after each kill aimed at it (shorter when the kill came after
    // the compaction, longer when before), so that those kills home in on the file work.
    var estimate = max(gaps[compactingSave] / .microseconds(1), 1_000)

    let started = ContinuousClock.now
    var tally = CompactionTally()
    for iteration in 0..<iterations {
      let folder = try Self.copy(names, from: template, to: root.appending("iter-\(iteration)"))
      let snapshotBefore = try fileStatus(of: folder.appendingPathComponent("q.json"))
      let prefix = "iter\(iteration)"
      // Encoding the new snapshot takes most of the compacting save; its file work comes at
      // the end. Half the kills fall anywhere in the save, half near the estimated end.
      let aimed = !iteration.isMultiple(of: 2)
      let pause = useconds_t(estimate * Double.random(in: aimed ? 0.9..<1.1 : 0.0..<1.2))
      let outcome = try await onOwnThread {
        let writer = try KillableWriter(
          folder: folder, count: 8, prefix: prefix, mode: "save-synchronized")
        writer.waitForAcknowledgements(compactingSave)
        usleep(pause)
        writer.killNow()
        return try writer.finish()
      }
      #expect(outcome.standardError.isEmpty, "iteration \(iteration)")

      let leftovers = try temporaryFiles(in: folder)
      let snapshotAfter = try fileStatus(of: folder.appendingPathComponent("q.json"))
      let journalAfter = journalRecords(at: folder.appendingPathComponent("q.json.journal"))
      if !leftovers.isEmpty {
        tally.writingTheNewSnapshot += 1
      } else if (journalAfter?.count ?? 0) < journalSize {
        tally.afterCompaction += 1
        if aimed { estimate *= 0.93 }
      } else if snapshotAfter.inode != snapshotBefore.inode {
        tally.afterTheRenameBeforeEmptyingTheJournal += 1
      } else {
        tally.beforeTheNewSnapshotExisted += 1
        if aimed { estimate *= 1.05 }
      }

      let repository: LocalRepository<Note>
      do {
        repository = try LocalRepository<Note>(directory: folder, filename: "q.json")
      } catch {
        Issue.record("iteration \(iteration): the store does not open after a kill: \(error)")
        return
      }
      let stored = await repository.loadAll()
      let storedIDs = Set(stored.map(\.id))
      let lostSeed = seed.filter { !storedIDs.contains($0.id) }.count
      let lostAcknowledged = outcome.acknowledged.filter { !storedIDs.contains($0) }.count
      #expect(lostSeed == 0, "iteration \(iteration): \(lostSeed) of \(seed.count) seed items lost")
      #expect(
        lostAcknowledged == 0,
        "iteration \(iteration): \(lostAcknowledged) acknowledged saves lost")
      // The seed, then this writer's saves in order: those it acknowledged, and perhaps the
      // one whose acknowledgement the kill cut off.
      let seedIntact = stored.prefix(seed.count).elementsEqual(seed)
      let added = stored.dropFirst(seed.count)
      let addedInOrder =
        added.map(\.title) == (0..<added.count).map { "\(prefix) \($0)" }
        && added.prefix(outcome.acknowledged.count).map(\.id) == outcome.acknowledged
        && added.count <= outcome.acknowledged.count + 1
      #expect(seedIntact, "iteration \(iteration): the seed items changed")
      #expect(addedInOrder, "iteration \(iteration): \(added.count) stored for this writer")
      let remaining = try temporaryFiles(in: folder)
      #expect(remaining.isEmpty, "iteration \(iteration): temporary files left: \(remaining)")
      guard lostSeed == 0, lostAcknowledged == 0, seedIntact, addedInOrder, remaining.isEmpty
      else { return }  // One report is enough.

      // The store takes a new save on top of whatever the kill left, and keeps it.
      let after = writerSizedNote(iteration, prefix: "after the kill")
      try await repository.save(after)
      try await repository.synchronize()  // And the compaction it may start.
      let reopened = try LocalRepository<Note>(directory: folder, filename: "q.json")
      let reopenedItems = await reopened.loadAll()
      #expect(reopenedItems.count == stored.count + 1, "iteration \(iteration)")
      #expect(reopenedItems.elementsEqual(stored + [after]), "iteration \(iteration)")
      try FileManager.default.removeItem(at: folder)
    }
    print(
      "kill -9 around a compaction: \(iterations) iterations in \(ContinuousClock.now - started);"
        + " killed before the new snapshot existed (while encoding it, or earlier)"
        + " \(tally.beforeTheNewSnapshotExisted), while writing it"
        + " \(tally.writingTheNewSnapshot), after its rename but before the journal was"
        + " emptied \(tally.afterTheRenameBeforeEmptyingTheJournal), after it"
        + " \(tally.afterCompaction); no save lost.")
  }

  /// Copies the files `names` of `source` into a new folder `destination`.
  static func copy(_ names: [String], from source: URL, to destination: URL) throws -> URL {
    try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
    for name in names {
      try FileManager.default.copyItem(
        at: source.appendingPathComponent(name), to: destination.appendingPathComponent(name))
    }
    return destination
  }
}

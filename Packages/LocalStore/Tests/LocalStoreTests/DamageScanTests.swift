// Every record of each workload's journal damaged in turn: no acknowledged synced save may go unseen.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

/// Damages one record at a time (a bit of its payload, of its sequence, of its checksum, or
/// the 512-byte blocks that hold it zeroed) in a copy of a store that each workload wrote,
/// then opens the copy.
///
/// An open that succeeds must hold every save that was acknowledged and synced; the one
/// exception is the last records, when the damage reaches them and nothing intact follows,
/// opened with a warning (no later record can say they had been synced). An open that
/// refuses must have a reason: damage that reaches bytes before the last synced point. A
/// table of what was tried goes to standard output. `make test` runs a sample; with
/// `DURABILITY_CHECKS=full` (`make check`) every record, every damage, larger workloads.
@Suite struct DamageScanTests {
  @Test func aSampleOfRecordsAndDamagesLosesNoSyncedSave() async throws {
    var rows: [DamageTally] = []
    for workload in [DurabilityWorkload.longWriter, .interleaving, .lossy] {
      rows.append(try await scan(workload, saves: 8, everyRecord: false))
    }
    rows += try await scanOneShotProcesses(count: 4, everyRecord: false)
    report(rows, title: "Damage scan (sample: first, middle, last but one and last record)")
  }

  @Test(.enabled(if: DurabilityChecks.isFull, "the full damage scan runs in make check"))
  func everyRecordOfEveryWorkloadLosesNoSyncedSave() async throws {
    var rows: [DamageTally] = []
    for workload in DurabilityWorkload.allCases {
      rows.append(try await scan(workload, saves: 30, everyRecord: true))
    }
    rows += try await scanOneShotProcesses(count: 10, everyRecord: true)
    report(rows, title: "Damage scan (every record, every damage)")
  }

  private func report(_ rows: [DamageTally], title: String) {
    print(DamageTally.table(rows, title: title))
    let failures = rows.flatMap(\.failures)
    for failure in failures { print("  \(failure)") }
    let firstFailures = failures.prefix(10).joined(separator: "\n")
    #expect(rows.allSatisfy { $0.silentLosses == 0 }, "\(firstFailures)")
    #expect(rows.allSatisfy { $0.falseRefusals == 0 }, "\(firstFailures)")
  }

  /// Runs `workload` in this process, then damages its journal record by record and opens
  /// each damaged copy through the library.
  private func scan(
    _ workload: DurabilityWorkload, saves: Int, everyRecord: Bool
  ) async throws
    -> DamageTally
  {
    let scratch = try TemporaryDirectory(prefix: "DamageScan")
    let store = scratch.appending("store")
    try FileManager.default.createDirectory(at: store, withIntermediateDirectories: false)
    let run = try await workload.run(
      saves: saves, in: store, fileSystem: SystemFileSystem(), clock: { 0 })
    let journal = [UInt8](try #require(bytes(of: workloadJournal(in: store))))
    let spans = JournalRecordSpan.all(in: journal)
    var tally = DamageTally(workload: workload.rawValue, records: spans.count)
    for (number, trial) in DamageTrial.all(in: journal, everyRecord: everyRecord).enumerated() {
      let copy = scratch.appending("trial-\(number)")
      try copyStoreFolder(store, to: copy)
      defer { try? FileManager.default.removeItem(at: copy) }
      try Data(trial.damaged).write(to: workloadJournal(in: copy))
      let opened = await attempt { try await openedLabels(in: copy) }
      let verdict = DamageVerdict.judge(
        opened: opened, expected: run.durableLabels(), damaged: trial.range,
        syncedEnd: run.syncedJournalEnd, spans: spans, journal: journal)
      tally.count(verdict, record: trial.record, damage: trial.damage)
    }
    return tally
  }

  /// Runs `count` `StoreWriter save-synchronized` processes, one save each, as an app's
  /// one-shot commands run, then damages the journal record by record and opens each
  /// damaged copy through the library.
  private func scanOneShotProcesses(count: Int, everyRecord: Bool) async throws -> [DamageTally] {
    let scratch = try TemporaryDirectory(prefix: "DamageScanProcesses")
    let store = scratch.appending("store")
    try FileManager.default.createDirectory(at: store, withIntermediateDirectories: false)
    var acknowledged: Set<String> = []
    for index in 0..<count {
      let prefix = "process \(index)"
      let result = try await ChildProcess.run(
        storeWriter, ["save-synchronized", store.path, "1", prefix])
      try #require(result.status == 0, "\(result.standardError)")
      try #require(acknowledgedIDs(in: result.standardOutput).count == 1)
      acknowledged.insert(writerSizedNote(0, prefix: prefix).title)
    }
    let journalName = "q.json.journal"
    let journal = [UInt8](try #require(bytes(of: store.appendingPathComponent(journalName))))
    let spans = JournalRecordSpan.all(in: journal)
    let syncedEnd = Int64(journal.lastIndex { $0 != 0 }.map { $0 + 1 } ?? 0)
    var tally = DamageTally(workload: "\(count) one-save processes", records: spans.count)
    for (number, trial) in DamageTrial.all(in: journal, everyRecord: everyRecord).enumerated() {
      let copy = scratch.appending("trial-\(number)")
      try copyStoreFolder(store, to: copy)
      defer { try? FileManager.default.removeItem(at: copy) }
      try Data(trial.damaged).write(to: copy.appendingPathComponent(journalName))
      let opened = await attempt {
        let repository = try await LocalRepository<Note>.open(directory: copy, filename: "q.json")
        return (
          labels: Set(await repository.loadAll().map(\.title)), warnings: repository.warnings.count
        )
      }
      let verdict = DamageVerdict.judge(
        opened: opened, expected: acknowledged, damaged: trial.range, syncedEnd: syncedEnd,
        spans: spans, journal: journal)
      tally.count(verdict, record: trial.record, damage: trial.damage)
    }
    return [tally]
  }
}

// A compaction encodes its snapshot off the actor: reads and saves go on meanwhile.

import Dispatch
import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

/// Serialized: both tests use the one gate.
@Suite(.serialized) struct CompactionIsolationTests {
  /// A value whose encoding stops at a gate once the gate is armed: the compaction's encode
  /// of every item is the one that meets it.
  struct GatedNote: Codable, Identifiable, Sendable {
    var id: Int
    var text: String

    func encode(to encoder: any Encoder) throws {
      if id == 0 { Gate.shared.pass() }
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(text, forKey: .text)
    }
  }

  /// Holds whoever encodes the gated note while armed, until opened.
  final class Gate: Sendable {
    static let shared = Gate()
    private let state = LockedState((armed: false, waiting: false))
    private let opened = DispatchSemaphore(value: 0)

    func arm() { state.withLock { $0.armed = true } }
    var isWaiting: Bool { state.withLock { $0.waiting } }

    func pass() {
      let wait = state.withLock { state -> Bool in
        guard state.armed else { return false }
        state.armed = false
        state.waiting = true
        return true
      }
      // Never forever: a test that regressed fails on its expectations instead of hanging.
      guard wait else { return }
      if opened.wait(timeout: .now() + 60) == .timedOut {
        state.withLock { $0.waiting = false }
      }
    }

    func open() {
      let wasWaiting = state.withLock { state in
        defer { state = (false, false) }
        return state.waiting
      }
      if wasWaiting { opened.signal() }
    }
  }

  /// The compaction threshold the tests use: a journal of 4 KiB is folded.
  static var smallCompactions: StoreConfiguration {
    var configuration = StoreConfiguration()
    configuration.minimumCompactionSize = 4_096
    return configuration
  }

  /// A store in `folder` holding the gated note, with the gate armed: the next compaction's
  /// encode stops at it.
  static func armedStore(
    in folder: TemporaryDirectory
  ) async throws
    -> LocalRepository<GatedNote>
  {
    let repository = try LocalRepository<GatedNote>(
      directory: folder.url, filename: "notes.json", configuration: smallCompactions)
    try await repository.save(GatedNote(id: 0, text: "gated"))
    Gate.shared.arm()
    return repository
  }

  /// While the compaction's encode is held at the gate, the actor still answers a read and
  /// stores a save; once the gate opens, the compaction installs its snapshot and nothing is
  /// lost. Had the encode run on the actor, the read would wait for the gate (the gate gives
  /// up after 60 s, so that a regression fails instead of hanging).
  ///
  /// The gate blocks a thread of the cooperative pool, so the test itself runs on an executor
  /// of its own: with tests running beside it on two cores, it might otherwise find no pool
  /// thread free until the gate gives up.
  @Test func readsAndSavesGoOnWhileACompactionEncodes() async throws {
    try await onOwnExecutor { try await checkReadsAndSavesDuringACompaction() }
  }

  private func checkReadsAndSavesDuringACompaction() async throws {
    let folder = try TemporaryDirectory()
    let repository = try await Self.armedStore(in: folder)
    // Saves until one starts the compaction, beside the test. No deadline: under the
    // sanitizer on a loaded machine, the saves before it took over 10 s.
    let fillingEnded = Guarded(false)
    let filling = Task {
      defer { fillingEnded.withLock { $0 = true } }
      var number = 1
      while !Gate.shared.isWaiting && number < 1_000 {
        try await repository.save(GatedNote(id: number, text: String(repeating: "x", count: 200)))
        number += 1
      }
      return number
    }
    while !Gate.shared.isWaiting && !fillingEnded.withLock({ $0 }) {
      try await Task.sleep(for: .milliseconds(1))
    }
    try #require(Gate.shared.isWaiting, "1,000 saves started no compaction")

    let found = await repository.find(by: 1)
    try await repository.save(GatedNote(id: -1, text: "saved during the compaction"))
    let answeredWhileEncoding = Gate.shared.isWaiting
    Gate.shared.open()
    let number = try await filling.value
    await repository.compactionFinished()

    #expect(answeredWhileEncoding, "the read and the save waited for the compaction's encode")
    #expect(found?.id == 1)
    let reopened = try LocalRepository<GatedNote>(directory: folder.url, filename: "notes.json")
    #expect(await reopened.loadAll().count == number + 1)
  }

  /// The save that starts a compaction returns without waiting for it (a save beside a busy
  /// writer would otherwise pay tens of milliseconds for housekeeping), and `synchronize()`
  /// waits for it, so that a one-shot command that synchronizes before it ends leaves the
  /// journal folded into the snapshot.
  @Test func aSaveDoesNotWaitForTheCompactionItStartsAndSynchronizeDoes() async throws {
    try await onOwnExecutor { try await checkWhoWaitsForACompaction() }
  }

  private func checkWhoWaitsForACompaction() async throws {
    let folder = try TemporaryDirectory()
    let repository = try await Self.armedStore(in: folder)
    var number = 1
    while !Gate.shared.isWaiting && number < 1_000 {
      try await repository.save(GatedNote(id: number, text: String(repeating: "x", count: 200)))
      number += 1
    }
    // Had the last save waited for the compaction, the gate would have given up by now.
    let returnedWhileEncoding = Gate.shared.isWaiting
    Gate.shared.open()
    try #require(returnedWhileEncoding, "the save waited for the compaction it started")

    try await repository.synchronize()
    let snapshot = try Data(contentsOf: folder.appending("notes.json"))
    let inSnapshot = try StoreFormat.decode(
      snapshot, as: GatedNote.self, configuration: Self.smallCompactions
    ).items
    // Before the compaction the snapshot held the first note only; the saves made while it
    // encoded stay in the journal.
    #expect(inSnapshot.count > 1, "synchronize() returned before the compaction ended")
    let reopened = try LocalRepository<GatedNote>(directory: folder.url, filename: "notes.json")
    #expect(await reopened.loadAll().count == number)

    // The journal now holds only the records saved while the compaction encoded, rewritten
    // into a new file. Its synced mark must name that file's first record: with the records
    // zeroed, as a lost write would leave them, the store must refuse to open, not open
    // without saves it acknowledged as synced.
    let journal = folder.appending("notes.json.journal")
    let records = try #require(journalRecords(at: journal))
    try #require(!records.isEmpty, "no record was kept past the compaction")
    let handle = try FileHandle(forWritingTo: journal)
    try handle.write(contentsOf: Data(count: records.count))
    try handle.close()
    #expect(throws: PersistenceError.self, "zeroed synced records read as free space") {
      _ = try LocalRepository<GatedNote>(directory: folder.url, filename: "notes.json")
    }
  }
}

// The journal: torn and damaged records, compaction, group commit, and switching strategies.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct JournalTests {
  @Test func aSaveAppendsOneRecordAndLeavesTheSnapshotAlone() async throws {
    let folder = try TemporaryDirectory()
    let all = try await makeJournaledStore(in: folder, appended: 5)
    let journal = try #require(bytes(of: journalURL(in: folder)))
    let records = try #require(journalRecords(in: folder))
    #expect(records.split(separator: UInt8(ascii: "\n")).count == 5)
    // After the records, zeros: space reserved for the next ones when the first was written.
    let first = try #require(records.firstIndex(of: UInt8(ascii: "\n"))) + 1
    #expect(journal.count == first + Int(Journal.reservation))
    #expect(journal.dropFirst(records.count).allSatisfy { $0 == 0 })
    let snapshot = try LocalRepository<Note>.snapshotItems(in: folder.url)
    #expect(snapshot.count == 3)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == all)
  }

  @Test func aTornLastRecordIsDroppedAtEveryLengthAndCutOffBeforeTheNextAppend() async throws {
    let folder = try TemporaryDirectory()
    let all = try await makeJournaledStore(in: folder)
    try forgetTheLastSync(in: folder)
    let full = try #require(journalRecords(in: folder))
    let lastStart = try #require(full.dropLast().lastIndex(of: UInt8(ascii: "\n"))) + 1
    for length in lastStart..<(full.count - 1) {
      // A killed writer leaves part of its record in the reserved zeros; an older version
      // of this package, which appended, left it at the end of the file.
      for reserved in [0, 100] {
        let torn = full.prefix(length) + Data(count: reserved)
        try torn.write(to: journalURL(in: folder))
        let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
        #expect(await reopened.loadAll() == Array(all.dropLast()), "cut at \(length)")
        #expect(reopened.warnings.isEmpty, "a torn write is no damage")
        #expect(bytes(of: journalURL(in: folder)) == torn, "opening never writes")
      }
    }
    // The next append cuts the torn bytes off first, so the journal stays readable.
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let added = Note(title: "after the crash", text: "a")
    try await reopened.save(added)
    let again = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await again.loadAll() == Array(all.dropLast()) + [added])
  }

  @Test func aDamagedRecordInTheMiddleIsAnErrorAndNothingIsTouched() async throws {
    let folder = try TemporaryDirectory()
    _ = try await makeJournaledStore(in: folder)
    var damaged = try #require(bytes(of: journalURL(in: folder)))
    let secondLine = try #require(damaged.firstIndex(of: UInt8(ascii: "\n"))) + 1
    damaged[secondLine + 40] ^= 0x01
    try damaged.write(to: journalURL(in: folder))
    let snapshotBefore = bytes(of: folder.appending("q.json"))
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    guard case .corrupt(let url, let reason) = error else {
      Issue.record("expected .corrupt, got \(error)")
      return
    }
    #expect(url.lastPathComponent == "q.json.journal")
    #expect(reason.contains("byte \(secondLine)"))
    #expect(reason.contains("checksum"))
    #expect(bytes(of: journalURL(in: folder)) == damaged)
    #expect(bytes(of: folder.appending("q.json")) == snapshotBefore)
  }

  @Test func aGapInTheSequenceIsAnError() async throws {
    let folder = try TemporaryDirectory()
    _ = try await makeJournaledStore(in: folder)
    let lines = try #require(bytes(of: journalURL(in: folder))).split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let withoutSecond = lines.enumerated().filter { $0.offset != 1 }.map(\.element)
    try Data(withoutSecond.joined(separator: [UInt8(ascii: "\n")])).write(
      to: journalURL(in: folder))
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    }
    #expect(error.description.contains("expected"))
  }

  @Test func compactionFoldsTheJournalIntoTheSnapshot() async throws {
    let folder = try TemporaryDirectory()
    var configuration = StoreConfiguration()
    configuration.minimumCompactionSize = 2_048
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    let notes = sampleNotes(200)
    for note in notes { try await repository.save(note) }
    let journalSize = try #require(journalRecords(in: folder)).count
    let snapshotSize = try #require(bytes(of: folder.appending("q.json"))).count
    #expect(journalSize <= max(snapshotSize, 2_048) + 400)  // At most one record past the limit.
    #expect(try LocalRepository<Note>.snapshotItems(in: folder.url).count > 100)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == notes)
  }

  /// Fails each system call of a compaction in turn and checks that the store always reads
  /// back the same items: a crash, or an error, at any point of compaction loses nothing.
  @Test(arguments: [false, true])
  func failingAnyStepOfACompactionKeepsTheSameItems(persistent: Bool) async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.minimumCompactionSize = 1_500
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    // Grow the journal to just under the limit, so the next save compacts.
    var saved = try await fillJournal(of: repository, in: folder, upTo: 1_300)
    fileSystem.fail(at: nil)
    let trigger = Note(
      title: "triggers compaction", text: String(repeating: "x", count: 300))
    try await repository.save(trigger)
    await repository.compactionFinished()
    saved.append(trigger)
    let callsOfSaveAndCompaction = fileSystem.calls.count
    #expect(fileSystem.calls.contains("rename"), "the save should have compacted")
    #expect(callsOfSaveAndCompaction > 10)

    // Replay the same situation on a copy for every failing step.
    let template = try TemporaryDirectory()
    for name in ["q.json", "q.json.journal"] {
      try FileManager.default.copyItem(at: folder.appending(name), to: template.appending(name))
    }
    for step in 1...callsOfSaveAndCompaction {
      let copy = try TemporaryDirectory()
      try FileManager.default.removeItem(at: copy.url)
      try FileManager.default.copyItem(at: template.url, to: copy.url)
      let failing = FailingFileSystem()
      let store = try LocalRepository<Note>(
        directory: copy.url, filename: "q.json", configuration: configuration,
        fileSystem: failing)
      let extra = Note(
        title: "extra at step \(step)", text: String(repeating: "y", count: 300))
      failing.fail(at: step, persistent: persistent)
      let acknowledged = (try? await store.save(extra)) != nil
      await store.compactionFinished()
      failing.fail(at: nil)
      let reopened = try LocalRepository<Note>(directory: copy.url, filename: "q.json")
      let items = await reopened.loadAll()
      #expect(Array(items.prefix(saved.count)) == saved, "step \(step)")
      if acknowledged { #expect(items.last == extra, "step \(step)") }
    }
  }

  @Test func aThousandConcurrentSavesShareFarFewerSyncs() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    try await repository.save(Note(title: "first", text: "a"))
    try await repository.save(Note(title: "second", text: "a"))
    fileSystem.fail(at: nil)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for note in sampleNotes(1_000) {
        group.addTask { try await repository.save(note) }
      }
      try await group.waitForAll()
    }
    let syncs = fileSystem.calls.filter { $0 == "fsync" }.count
    let appends = fileSystem.calls.filter { $0 == "pwrite" }.count
    #expect(appends == 1_000)
    #expect(syncs < 500, "\(syncs) syncs for 1,000 saves")
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll().count == 1_002)
  }

  @Test func switchingStrategiesKeepsEveryChange() async throws {
    let folder = try TemporaryDirectory()
    let all = try await makeJournaledStore(in: folder)
    var rewrite = StoreConfiguration()
    rewrite.strategy = .rewrite
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: rewrite)
    #expect(await repository.loadAll() == all)
    let added = Note(title: "rewritten", text: "a")
    try await repository.save(added)
    #expect(bytes(of: journalURL(in: folder))?.isEmpty ?? true)
    #expect(try LocalRepository<Note>.snapshotItems(in: folder.url) == all + [added])
  }
}

extension LocalRepository where T == Note {
  /// The items in the snapshot alone, without the journal, read with the store's own format.
  fileprivate static func snapshotItems(in folder: URL) throws -> [Note] {
    let data = try Data(contentsOf: folder.appendingPathComponent("q.json"))
    return try StoreFormat.decode(data, as: Note.self, configuration: StoreConfiguration())
      .items
  }
}

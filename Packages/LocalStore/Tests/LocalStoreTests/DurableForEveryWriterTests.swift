// Durable for every writer: no failed sync, changed byte or zeroed block loses another's save.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

/// Each repository here opens the store on its own, as one process per command does: it
/// knows nothing of the other writers' syncs but what the files say.
@Suite struct DurableForEveryWriterTests {
  /// Saves each of `notes` through a repository of its own, opened and dropped, as a
  /// program run once per command does.
  private func savedOneWriterEach(_ notes: [Note], in folder: TemporaryDirectory) async throws {
    for note in notes {
      let writer = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
      try await writer.save(note)
    }
  }

  private func reopened(_ folder: TemporaryDirectory) throws -> LocalRepository<Note> {
    try LocalRepository<Note>(directory: folder.url, filename: "q.json")
  }

  /// Three writers save, then a fourth, whose `fsync` fails, saves: it fails, says the change
  /// was not saved, and every save of the three before it is still there.
  @Test func aFailedSyncInAnotherWriterKeepsTheSavesBeforeIt() async throws {
    let folder = try TemporaryDirectory()
    let saved =
      [Note(title: "Alpha?", text: "a"), Note(title: "Beta?", text: "b")]
      + [Note(title: "Beta2?", text: "b")]
    try await savedOneWriterEach([saved[0]], in: folder)  // The snapshot.
    try await savedOneWriterEach(Array(saved.dropFirst()), in: folder)
    let fileSystem = FailingFileSystem()
    let failing = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    fileSystem.fail("fsync", onPathEndingIn: "q.json.journal", times: 1)
    let error = try await #require(throws: PersistenceError.self) {
      try await failing.save(Note(title: "Gamma?", text: "c"))
    }
    guard case .notDurable = error else {
      Issue.record("expected .notDurable, got \(error)")
      return
    }
    #expect(error.description.contains("was not saved"), "\(error)")
    #expect(await failing.loadAll() == saved)
    #expect(try await reopened(folder).loadAll() == saved)
  }

  /// A writer that opened after others saved, and whose own record's sync fails (once the
  /// synced mark, or its own sync before its first record, showed theirs durable), takes
  /// back its own record alone, and says the change was not saved.
  @Test(arguments: [true, false])
  func aWriterTakesBackOnlyItsOwnRecord(keepingTheMark: Bool) async throws {
    let folder = try TemporaryDirectory()
    let saved = sampleNotes(4, prefix: "other writer")
    try await savedOneWriterEach(saved, in: folder)
    if !keepingTheMark { try FileManager.default.removeItem(at: folder.appending("q.json.lock")) }
    let fileSystem = FailingFileSystem()
    let failing = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    // Without the mark, its first sync makes the others' records durable before its own.
    fileSystem.fail(
      "fsync", onPathEndingIn: "q.json.journal", times: 1, skipping: keepingTheMark ? 0 : 1)
    let error = try await #require(throws: PersistenceError.self) {
      try await failing.save(Note(title: "lost", text: "a"))
    }
    #expect(error.description.contains("was not saved"), "\(error)")
    #expect(await failing.loadAll() == saved)
    #expect(try await reopened(folder).loadAll() == saved)
    // And it goes on: the next save is durable.
    let next = Note(title: "next", text: "a")
    try await failing.save(next)
    #expect(try await reopened(folder).loadAll() == saved + [next])
  }

  /// Five writers save once each; one letter of the third record's payload changes. The
  /// store refuses to open, naming the journal and the byte, with or without the synced mark
  /// in the lock file (a power cut may lose it): the records after it say it was synced.
  @Test(arguments: [true, false])
  func oneChangedByteInASavedRecordIsRefused(keepingTheMark: Bool) async throws {
    let folder = try TemporaryDirectory()
    try await savedOneWriterEach([Note(title: "snapshot", text: "a")], in: folder)
    try await savedOneWriterEach(sampleNotes(5, prefix: "saved"), in: folder)
    var journal = try #require(bytes(of: journalURL(in: folder)))
    let lines = journal.prefix { $0 != 0 }.split(separator: UInt8(ascii: "\n"))
    let third = lines[0].count + lines[1].count + 2
    let letter = try #require(journal[third...].firstIndex(of: UInt8(ascii: "s")))
    journal[letter] = UInt8(ascii: "S")
    try journal.write(to: journalURL(in: folder))
    if !keepingTheMark { try FileManager.default.removeItem(at: folder.appending("q.json.lock")) }
    let error = try #require(throws: PersistenceError.self) { try reopened(folder) }
    guard case .corrupt(let url, let reason) = error else {
      Issue.record("expected .corrupt, got \(error)")
      return
    }
    #expect(url.lastPathComponent == "q.json.journal")
    #expect(reason.contains("byte \(third)"), "\(reason)")
    #expect(reason.contains("sets aside the 2 intact changes after it"), "\(reason)")
    #expect(bytes(of: journalURL(in: folder)) == journal, "refusing writes nothing")
  }

  /// The last 4 KiB of a journal of 100 saves zeroed: nothing after the damage says it was
  /// synced but the mark in the lock file (written when the writer stopped writing), and the
  /// store refuses to open.
  @Test func zerosOverSavedRecordsAreNeverTakenForFreeSpace() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    try await repository.save(Note(title: "snapshot", text: "a"))
    for note in sampleNotes(100, prefix: "saved") { try await repository.save(note) }
    try await repository.synchronize()  // Writes the synced mark, as at the app's exit.
    var journal = try #require(bytes(of: journalURL(in: folder)))
    let end = journal.prefix { $0 != 0 }.count
    journal.replaceSubrange((end - 4_096)..<end, with: Data(count: 4_096))
    try journal.write(to: journalURL(in: folder))
    let error = try #require(throws: PersistenceError.self) { try reopened(folder) }
    guard case .corrupt(_, let reason) = error else {
      Issue.record("expected .corrupt, got \(error)")
      return
    }
    #expect(reason.contains("synced up to byte \(end)"), "\(reason)")
    #expect(reason.contains("no intact change follows it"), "\(reason)")
  }

  /// A record zeroed with its end of line, then one intact record that says the journal was
  /// synced past it: the witness is found where the zeros end, and the store is refused.
  @Test func aWitnessRightAfterZeroedDamageIsFound() async throws {
    let folder = try TemporaryDirectory()
    try await savedOneWriterEach([Note(title: "snapshot", text: "a")], in: folder)
    try await savedOneWriterEach(sampleNotes(6, prefix: "saved"), in: folder)
    try FileManager.default.removeItem(at: folder.appending("q.json.lock"))
    var journal = try #require(bytes(of: journalURL(in: folder)))
    let ends = journal.prefix { $0 != 0 }.indices.filter { journal[$0] == UInt8(ascii: "\n") }
    // The fifth record, its end of line included; the sixth vouches for it.
    journal.replaceSubrange((ends[3] + 1)...ends[4], with: Data(count: ends[4] - ends[3]))
    try journal.write(to: journalURL(in: folder))
    let error = try #require(throws: PersistenceError.self) { try reopened(folder) }
    guard case .corrupt(_, let reason) = error else {
      Issue.record("expected .corrupt, got \(error)")
      return
    }
    #expect(reason.contains("byte \(ends[4] + 1)"), "the witness is named: \(reason)")
  }

  /// A lossy writer's background sync fails: the saves it covered are taken back, and the
  /// next `synchronize()` throws instead of returning as if nothing had been lost.
  @Test func synchronizeReportsABackgroundSyncThatFailed() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.durability = .lossyOnPowerCut(syncWithin: .milliseconds(1))
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    try await repository.save(Note(title: "snapshot", text: "a"))
    try await repository.synchronize()
    fileSystem.fail("fsync", onPathEndingIn: "q.json.journal", times: 1)
    try await repository.save(Note(title: "lost in the background", text: "a"))
    // The failure is seen once the background sync has run and taken the save back.
    while await repository.loadAll().count > 1 { try await Task.sleep(for: .milliseconds(1)) }
    await #expect(throws: PersistenceError.self) { try await repository.synchronize() }
    try await repository.synchronize()  // Reported once; nothing is pending now.
  }

  /// A writer read another's last record; that writer took it back (its sync failed) and
  /// wrote records of its own past where the reader stopped. The reader's next save notices
  /// that its last record is not there as it was and reads the journal again: no false "not
  /// a valid store", no record applied on top of one that is gone.
  @Test func aReaderNoticesRecordsTakenBackAndWrittenAgainPastWhereItStopped() async throws {
    let folder = try TemporaryDirectory()
    try await savedOneWriterEach([Note(title: "snapshot", text: "a")], in: folder)
    try await savedOneWriterEach(sampleNotes(3, prefix: "saved"), in: folder)
    let reader = try reopened(folder)
    let records = try #require(journalRecords(in: folder))
    let ends = records.indices.filter { records[$0] == UInt8(ascii: "\n") }
    // The last record taken back, as its writer does after its sync failed.
    try markSynced(upTo: Int64(ends[1] + 1), in: folder)
    let handle = try FileHandle(forWritingTo: journalURL(in: folder))
    try handle.truncate(atOffset: UInt64(ends[1] + 1))
    try handle.close()
    let again = sampleNotes(2, prefix: "written again, longer than what was taken back")
    try await savedOneWriterEach(again, in: folder)

    let mine = Note(title: "the reader's", text: "a")
    try await reader.save(mine)
    let expected = [Note(title: "snapshot", text: "a")] + sampleNotes(2, prefix: "saved") + again
    #expect(await reader.loadAll().map(\.title) == (expected + [mine]).map(\.title))
    #expect(try await reopened(folder).loadAll().map(\.title) == (expected + [mine]).map(\.title))
  }
}

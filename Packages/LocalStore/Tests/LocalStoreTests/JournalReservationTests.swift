// The zeros a journal reserves after its records: written ahead, written over, never a tail.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct JournalReservationTests {
  /// A store of three notes, written as its snapshot, whose first journal write fails with
  /// `code`; and those notes.
  private func storeWhoseNextWriteFails(
    in folder: TemporaryDirectory, with code: Int32
  ) async throws -> (LocalRepository<Note>, [Note]) {
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    let base = sampleNotes(3, prefix: "base")
    try await repository.save(contentsOf: base)
    fileSystem.fail("pwrite", onPathEndingIn: "q.json.journal", code: code, times: 1)
    return (repository, base)
  }

  /// A save into reserved space leaves the file's size as it is, which is what spares its
  /// `fsync` a metadata commit; the record that does not fit reserves the next stretch.
  @Test func savesWriteIntoTheReservedSpaceAndTheOneThatDoesNotFitReservesMore() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let base = sampleNotes(3, prefix: "base")
    try await repository.save(contentsOf: base)
    var saved = [paddedNote(0, prefix: "first")]
    try await repository.save(saved[0])
    let reserved = try fileStatus(of: journalURL(in: folder)).size
    while Int64(try #require(journalRecords(in: folder)).count) + 400 < reserved {
      saved.append(paddedNote(saved.count, prefix: "more"))
      try await repository.save(saved[saved.count - 1])
      #expect(try fileStatus(of: journalURL(in: folder)).size == reserved)
    }
    for _ in 0..<3 {
      saved.append(paddedNote(saved.count, prefix: "past"))
      try await repository.save(saved[saved.count - 1])
    }
    let records = Int64(try #require(journalRecords(in: folder)).count)
    let grown = try fileStatus(of: journalURL(in: folder)).size
    #expect(grown > reserved)
    #expect(grown - records < Journal.reservation && grown - records > 0)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == base + saved)
    #expect(reopened.warnings.isEmpty)
  }

  /// On a disk with room for the record and not for the zeros after it, the record is
  /// written alone, as a plain append, and the save succeeds.
  @Test(arguments: [ENOSPC, EFBIG, EDQUOT])
  func withNoRoomForTheReservationTheRecordIsWrittenAlone(code: Int32) async throws {
    let folder = try TemporaryDirectory()
    let (repository, base) = try await storeWhoseNextWriteFails(in: folder, with: code)
    let note = Note(title: "without reserved space", text: "a")

    try await repository.save(note)

    let journal = try #require(bytes(of: journalURL(in: folder)))
    #expect(journal == journalRecords(in: folder), "no zeros after the record")
    #expect(journal.last == UInt8(ascii: "\n"))
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == base + [note])
    // The next record reserves again.
    try await repository.save(Note(title: "next", text: "a"))
    #expect(try fileStatus(of: journalURL(in: folder)).size > journal.count + 1_000)
  }

  /// Any other failure of the write fails the save and leaves no partial record.
  @Test func anotherFailureOfTheWriteFailsTheSave() async throws {
    let folder = try TemporaryDirectory()
    let (repository, base) = try await storeWhoseNextWriteFails(in: folder, with: EIO)

    await #expect(throws: PersistenceError.self) {
      try await repository.save(Note(title: "fails", text: "a"))
    }

    #expect(journalRecords(in: folder)?.isEmpty ?? true)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == base)
  }

  /// The reservation never takes the journal past the size cap a reader accepts.
  @Test func theReservationStopsAtTheSizeCap() async throws {
    let folder = try TemporaryDirectory()
    var configuration = StoreConfiguration()
    configuration.maximumFileSize = 20_000
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    try await repository.save(contentsOf: sampleNotes(3, prefix: "base"))
    try await repository.save(Note(title: "near the cap", text: "a"))
    #expect(try fileStatus(of: journalURL(in: folder)).size == 20_000)
    let reopened = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    #expect(await reopened.loadAll().count == 4)
  }

  /// A second writer finds records written into the reserved space, though the file's size
  /// did not change: it looks at the byte where the next record goes.
  @Test func anotherWriterFindsRecordsWrittenIntoTheReservedSpace() async throws {
    let folder = try TemporaryDirectory()
    let first = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    try await first.save(contentsOf: sampleNotes(3, prefix: "base"))
    try await first.save(Note(title: "reserves", text: "a"))
    let second = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let reserved = try fileStatus(of: journalURL(in: folder)).size

    let fromFirst = Note(title: "from the first", text: "a")
    try await first.save(fromFirst)
    #expect(try fileStatus(of: journalURL(in: folder)).size == reserved)
    let fromSecond = Note(title: "from the second", text: "a")
    try await second.save(fromSecond)
    try await first.save(Note(title: "first again", text: "a"))

    let titles = await second.loadAll().map(\.title)
    #expect(titles.contains("from the first"))
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(
      await reopened.loadAll().map(\.title).suffix(4)
        == ["reserves", "from the first", "from the second", "first again"])
  }

  /// A line written after the reserved zeros, by hand or by a program that appends, looks
  /// like what a power cut leaves (zeros, then the end of a record): the store opens, keeps
  /// its bytes beside the journal and says so, and the next save cuts it off.
  @Test func aLineAfterTheReservedZerosIsKeptAndReported() async throws {
    let folder = try TemporaryDirectory()
    let all = try await makeJournaledStore(in: folder)
    let line = Data("9 10 0badc0de {\"id\":\"x\"}\n".utf8)
    let handle = try FileHandle(forWritingTo: journalURL(in: folder))
    try handle.seekToEnd()
    try handle.write(contentsOf: line)
    try handle.close()

    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == all)
    let warning = try #require(reopened.warnings.first)
    let copy = try #require(warning.copy)
    #expect(bytes(of: copy)?.suffix(line.count) == line)
  }

  /// A polling check that saw a file modified within the same clock tick reports a change at
  /// the next check, though nothing looks different: a record written into reserved space
  /// in that tick changed neither the size nor the modification time.
  @Test func pollingChecksAgainAfterSeeingAFileModifiedJustNow() throws {
    let folder = try TemporaryDirectory()
    let path = folder.appending("q.json.journal").path
    try Data(count: 100).write(to: URL(fileURLWithPath: path))
    let modified = try #require(PollingWatch.signature(path).last)

    let justAfter = PollingWatch.Observation([path], now: modified + 1_000_000)
    let same = PollingWatch.Observation([path], now: modified + 1_000_000_000)
    #expect(justAfter.isRecent)
    #expect(same.mayDiffer(from: justAfter))
    #expect(!same.isRecent)
    #expect(!PollingWatch.Observation([path], now: modified + 2_000_000_000).mayDiffer(from: same))
  }
}

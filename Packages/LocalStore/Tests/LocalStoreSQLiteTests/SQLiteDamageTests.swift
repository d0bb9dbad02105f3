// A damaged database, or a file that is no store of this package, is refused and left as it was.

import Foundation
import LocalStore
import LocalStoreSQLite
import LocalStoreTestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct SQLiteDamageTests {
  /// Opens `s.sqlite` in `folder` expecting it to be refused as not a valid store; returns
  /// the error's reason.
  static func refusal(in folder: TemporaryDirectory) async throws -> String {
    do {
      _ = try await SQLiteRepository<Entry>.open(directory: folder.url, filename: "s.sqlite")
    } catch PersistenceError.corrupt(_, let reason) {
      return reason
    }
    Issue.record("the file was opened as a store")
    return ""
  }

  @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAsItWas() async throws {
    let folder = try TemporaryDirectory()
    let file = folder.appending("s.sqlite")
    let bytes = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    try bytes.write(to: file)
    let reason = try await Self.refusal(in: folder)
    #expect(reason.contains("not a database"), "\(reason)")
    #expect(try Data(contentsOf: file) == bytes)
    #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"))
  }

  @Test func aStoreWhoseHeaderIsDamagedIsRefusedAndLeftAsItWas() async throws {
    let folder = try TemporaryDirectory()
    try await Self.makeStore(in: folder, entries: 50)
    let file = folder.appending("s.sqlite")
    var bytes = try Data(contentsOf: file)
    bytes.replaceSubrange(0..<16, with: Data("Not SQLite at al".utf8))
    try bytes.write(to: file)
    _ = try await Self.refusal(in: folder)
    #expect(try Data(contentsOf: file) == bytes)
  }

  /// A file put in a store's place while its write-ahead log still holds pages (restored from
  /// a backup, say): SQLite alone would read the log's pages over the file, open the old
  /// store (here: every entry, though the file holds none of it), and write them into the
  /// file at the next checkpoint. The file is refused before SQLite reads it, and the file
  /// and the log are left as they were.
  @Test func aFileReplacedBesideALogIsRefusedAndNeitherIsWritten() async throws {
    let folder = try TemporaryDirectory()
    let writer = try await SQLiteRepository<Entry>.open(
      directory: folder.url, filename: "s.sqlite")
    try await writer.save(contentsOf: sampleEntries(50))
    let file = folder.appending("s.sqlite")
    let log = folder.appending("s.sqlite-wal")
    let logged = try Data(contentsOf: log)
    try #require(!logged.isEmpty, "the entries were folded into the file: no log to read")
    let bytes = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
    try bytes.write(to: file)
    let reason = try await Self.refusal(in: folder)
    #expect(reason.contains("not a database"), "\(reason)")
    #expect(try Data(contentsOf: file) == bytes)
    #expect(try Data(contentsOf: log) == logged)
    withExtendedLifetime(writer) {}
  }

  @Test func aDatabaseOfAnotherProgramIsRefusedAndLeftAsItWas() async throws {
    let folder = try TemporaryDirectory()
    let file = folder.appending("s.sqlite")
    #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
    try RawDatabase(file).execute("CREATE TABLE accounts(id INTEGER PRIMARY KEY, owner TEXT)")
    let bytes = try Data(contentsOf: file)
    let reason = try await Self.refusal(in: folder)
    #expect(reason.contains("another program"), "\(reason)")
    #expect(try Data(contentsOf: file) == bytes)
  }

  /// Damage in the pages of the items, which opening does not read: reads say so instead of
  /// passing damage off as an empty store, subscribers are told, and opening wrote nothing
  /// over the damaged pages.
  @Test func damagedItemPagesAreReportedWhenReadAndNotWrittenOver() async throws {
    let folder = try TemporaryDirectory()
    let entries = try await Self.makeStore(in: folder, entries: 2_000)
    let file = folder.appending("s.sqlite")
    var bytes = try Data(contentsOf: file)
    let pageSize = 4096
    let pages = bytes.count / pageSize
    try #require(pages > 20)
    // Every page past the first four (the header and schema, the tables' roots) but the
    // last: the items' and their keys' pages.
    for page in 4..<(pages - 1) {
      bytes.replaceSubrange(
        page * pageSize..<(page + 1) * pageSize, with: Data(repeating: 0xA5, count: pageSize))
    }
    try bytes.write(to: file)

    let repository = try await SQLiteRepository<Entry>.open(
      directory: folder.url, filename: "s.sqlite")
    var changes = await repository.changes().makeAsyncIterator()
    #expect(await repository.readFailure == nil)
    let all = await repository.loadAll()
    #expect(all.count < entries.count)
    let failure = try #require(await repository.readFailure)
    guard case .corrupt = failure else {
      Issue.record("not reported as damage: \(failure)")
      return
    }
    #expect(await repository.find(by: entries[1_000].id) == nil)
    #expect(try #require(await changes.next()).failure == failure)
    #expect(try Data(contentsOf: file) == bytes)
  }

  /// A store of `entries` entries, closed, with its log folded back into the file.
  @discardableResult
  static func makeStore(in folder: TemporaryDirectory, entries count: Int) async throws -> [Entry] {
    let entries = sampleEntries(count)
    let repository = try await SQLiteRepository<Entry>.open(
      directory: folder.url, filename: "s.sqlite")
    try await repository.save(contentsOf: entries)
    // The last connection to close checkpoints the log into the file and removes it.
    try RawDatabase(folder.appending("s.sqlite")).execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return entries
  }
}

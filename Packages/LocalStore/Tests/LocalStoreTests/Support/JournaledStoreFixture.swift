// A store on disk with a snapshot and a journal behind it, for the tests that damage a journal.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

/// Makes `q.json` in `folder`: a snapshot of `base` items, then `appended` single saves in
/// its journal, `q.json.journal`; returns every item in order.
func makeJournaledStore(
  in folder: TemporaryDirectory, base: Int = 3, appended: Int = 4
) async throws -> [Note] {
  let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
  let first = sampleNotes(base, prefix: "base")
  try await repository.save(contentsOf: first)  // A new store's first change: the snapshot.
  let more = sampleNotes(appended, prefix: "appended")
  for note in more { try await repository.save(note) }
  return first + more
}

/// The journal of the store ``makeJournaledStore(in:base:appended:)`` makes.
func journalURL(in folder: TemporaryDirectory) -> URL {
  folder.appending("q.json.journal")
}

/// The records of the journal at `url`, without the zeros it reserves after the last one (a
/// record never holds a zero byte); `nil` if there is no journal.
func journalRecords(at url: URL) -> Data? {
  bytes(of: url).map { Data($0.prefix { $0 != 0 }) }
}

/// The journal of ``makeJournaledStore(in:base:appended:)``, without its reserved zeros.
func journalRecords(in folder: TemporaryDirectory) -> Data? {
  journalRecords(at: journalURL(in: folder))
}

/// Saves small notes titled `filler <n>` to `repository`, the store `q.json` in `folder`,
/// until its journal's records reach `bytes`; returns them in order.
func fillJournal(
  of repository: LocalRepository<Note>, in folder: TemporaryDirectory, upTo bytes: Int
) async throws -> [Note] {
  var saved: [Note] = []
  while (journalRecords(in: folder)?.count ?? 0) < bytes {
    saved.append(Note(title: "filler \(saved.count)", text: "a"))
    try await repository.save(saved[saved.count - 1])
  }
  return saved
}

/// Makes the store in `folder` look as a power cut during its last save leaves it: the
/// synced mark in the lock file covers only the records before the last one, since the last
/// one's sync never returned. Only then may damage to the last record read as a torn write.
func forgetTheLastSync(in folder: TemporaryDirectory) throws {
  let records = try #require(journalRecords(in: folder))
  let lastStart = try #require(records.dropLast().lastIndex(of: UInt8(ascii: "\n"))) + 1
  try markSynced(upTo: Int64(lastStart), in: folder)
}

/// Rewrites the synced mark in the lock file of `q.json` in `folder` to say that `length`
/// bytes of its journal are durable.
func markSynced(upTo length: Int64, in folder: TemporaryDirectory) throws {
  let lock = folder.appending("q.json.lock")
  var mark = try #require(SyncedMark.read(from: lock.path, fileSystem: SystemFileSystem()))
  mark.length = length
  let handle = try FileHandle(forWritingTo: lock)
  try handle.seek(toOffset: UInt64(SyncedMark.offset))
  try handle.write(contentsOf: Data(mark.encoded))
  try handle.close()
}

// A store whose sequence numbers are near the largest allowed keeps saving: it renumbers.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct SequenceLimitTests {
  /// The sequence in the last line of the snapshot `q.json` in `folder`.
  private func snapshotSequence(in folder: URL) throws -> Int {
    let text = String(
      decoding: try #require(bytes(of: folder.appendingPathComponent("q.json"))), as: UTF8.self)
    let last = try #require(text.split(separator: "\n").last)
    return try #require(Int(last.drop { !$0.isNumber }.prefix { $0.isNumber }))
  }

  /// A snapshot numbered `sequence`, and a journal with the records `records` after it.
  private func makeStore(
    in folder: URL, base: [Note], sequence: Int, records: [(Int, Note)] = []
  ) throws {
    try JournalSequenceTests.makeStore(
      in: folder, base: base, sequence: sequence,
      records: try records.map { try JournalSequenceTests.record(.save([$1]), sequence: $0) })
  }

  @Test(arguments: [StorageStrategy.journal, .rewrite])
  func aSnapshotAtTheLargestSequenceDoesNotStopLaterSaves(strategy: StorageStrategy) async throws {
    let folder = try TemporaryDirectory()
    let base = sampleNotes(2)
    try makeStore(in: folder.url, base: base, sequence: (1 << 53) - 1)
    var configuration = StoreConfiguration()
    configuration.strategy = strategy
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    let more = sampleNotes(5, prefix: "more")
    for note in more { try await repository.save(note) }
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == base + more)
    #expect(try snapshotSequence(in: folder.url) < 1 << 52)
  }

  /// What an earlier version left: a record numbered 2^53, after which it refused every save.
  @Test func aStoreAlreadyAtTheLargestSequenceSavesAgain() async throws {
    let folder = try TemporaryDirectory()
    let base = sampleNotes(2)
    let last = Note(title: "numbered 2^53", text: "a")
    try makeStore(in: folder.url, base: base, sequence: (1 << 53) - 1, records: [(1 << 53, last)])
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await repository.loadAll() == base + [last])
    let more = Note(title: "after", text: "a")
    try await repository.save(more)
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == base + [last, more])
  }
}

// A store whose sequence numbers are near the largest allowed keeps saving: it renumbers.

import Foundation
import Models
import TestSupport
import Testing

@testable import Persistence

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
    in folder: URL, base: [Question], sequence: Int, records: [(Int, Question)] = []
  ) throws {
    try JournalSequenceTests.makeStore(
      in: folder, base: base, sequence: sequence,
      records: try records.map { try JournalSequenceTests.record(.save([$1]), sequence: $0) })
  }

  @Test(arguments: [StorageStrategy.journal, .rewrite])
  func aSnapshotAtTheLargestSequenceDoesNotStopLaterSaves(strategy: StorageStrategy) async throws {
    let folder = try TemporaryDirectory()
    let base = sampleQuestions(2)
    try makeStore(in: folder.url, base: base, sequence: (1 << 53) - 1)
    var configuration = StoreConfiguration()
    configuration.strategy = strategy
    let repository = try LocalRepository<Question>(
      directory: folder.url, filename: "q.json", configuration: configuration)
    let more = sampleQuestions(5, prefix: "more")
    for question in more { try await repository.save(question) }
    let reopened = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == base + more)
    #expect(try snapshotSequence(in: folder.url) < 1 << 52)
  }

  /// What an earlier version left: a record numbered 2^53, after which it refused every save.
  @Test func aStoreAlreadyAtTheLargestSequenceSavesAgain() async throws {
    let folder = try TemporaryDirectory()
    let base = sampleQuestions(2)
    let last = Question(prompt: "numbered 2^53", answer: "a")
    try makeStore(in: folder.url, base: base, sequence: (1 << 53) - 1, records: [(1 << 53, last)])
    let repository = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    #expect(await repository.loadAll() == base + [last])
    let more = Question(prompt: "after", answer: "a")
    try await repository.save(more)
    let reopened = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == base + [last, more])
  }
}

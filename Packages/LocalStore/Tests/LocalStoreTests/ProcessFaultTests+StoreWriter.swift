// Two StoreWriter child processes sharing one store: no save of either is lost.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

extension ProcessFaultTests {
  /// Two processes saving into one store at once: the lock makes each rewrite start from the
  /// other's latest file, so no save of either is lost.
  @Test func twoWriterProcessesSavingAtOnceKeepEverySave() async throws {
    let folder = try TemporaryDirectory(prefix: "ProcessFaultTwoWriters")
    let path = folder.url.path
    async let first = onOwnThread {
      try ChildProcess.runBlocking(storeWriter, ["save", path, "300", "first"])
    }
    async let second = onOwnThread {
      try ChildProcess.runBlocking(storeWriter, ["save", path, "300", "second"])
    }
    let results = try await [first, second]
    for result in results {
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardError.isEmpty)
    }
    let acknowledged = results.map { acknowledgedIDs(in: $0.standardOutput) }
    #expect(acknowledged.map(\.count) == [300, 300])

    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let stored = await repository.loadAll()
    #expect(stored.count == 600)
    let storedIDs = Set(stored.map(\.id))
    let lost = acknowledged.joined().filter { !storedIDs.contains($0) }
    #expect(lost.isEmpty, "\(lost.count) acknowledged saves lost")
    #expect(storedIDs.count == stored.count, "duplicate ids")
    for prefix in ["first", "second"] {
      let prompts = stored.map(\.title).filter { $0.hasPrefix(prefix + " ") }
      let expected = (0..<300).map { "\(prefix) \($0)" }
      let missing = expected.filter { !prompts.contains($0) }
      #expect(missing.isEmpty, "\(missing.count) missing, such as \(missing.prefix(5))")
      #expect(prompts == expected, "each save is stored once, in the order it was made")
    }
    // Saves of the two writers alternate in the file only if they really ran at once.
    let writers = stored.map { $0.title.hasPrefix("first ") }
    let switches = zip(writers, writers.dropFirst()).filter { $0 != $1 }.count
    #expect(switches > 1, "the writers ran one after the other, so nothing was shared")
    #expect(try temporaryFiles(in: folder.url).isEmpty)
  }
}

// Bad store folders, and two writer processes sharing one store.

import Foundation
import Models
import TestSupport
import Testing

@testable import Persistence

@Suite struct ProcessFaultTests {
  /// The folder `<tmp>/file/sub` cannot exist while `<tmp>/file` is a regular file. Opening
  /// may report it at once, or find no store and leave it to the first save; either way the
  /// error is `.directoryUnavailable` naming the folder (not `.unreadable`, whose advice to
  /// run `questions repair` cannot help), memory stays empty and the file is untouched.
  @Test func aFolderPathThroughAFileFailsWithDirectoryUnavailable() async throws {
    let parent = try TemporaryDirectory(prefix: "ProcessFaultPath")
    let blocker = parent.appending("file")
    let contents = Data("a regular file, not a folder".utf8)
    try contents.write(to: blocker)
    let folder = blocker.appendingPathComponent("sub")

    let error: PersistenceError
    do {
      let repository = try LocalRepository<Question>(directory: folder, filename: "q.json")
      #expect(await repository.loadAll().isEmpty)
      error = try await #require(throws: PersistenceError.self) {
        try await repository.save(Question(prompt: "nowhere to go", answer: "a"))
      }
      #expect(await repository.loadAll().isEmpty)
    } catch let thrown as PersistenceError {
      error = thrown
    }
    guard case .directoryUnavailable(let url, let reason) = error else {
      Issue.record("expected .directoryUnavailable, got \(error)")
      return
    }
    #expect(url.path == folder.path)
    #expect(reason.contains("file"), "\(reason)")
    #expect(error.description.contains(folder.path))
    #expect(!error.canBeMovedAside)
    #expect(bytes(of: blocker) == contents)
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.url.path) == ["file"])
  }

  @Test func missingFoldersAreCreatedPrivateOnTheFirstSaveOnly() async throws {
    let parent = try TemporaryDirectory(prefix: "ProcessFaultPath")
    let top = parent.appending("a")
    let folder = top.appendingPathComponent("b/c")

    let repository = try LocalRepository<Question>(directory: folder, filename: "q.json")
    #expect(!FileManager.default.fileExists(atPath: top.path), "opening created a folder")
    let question = Question(prompt: "first", answer: "a")
    try await repository.save(question)

    for created in [top, top.appendingPathComponent("b"), folder] {
      let status = try fileStatus(of: created)
      #expect(status.kind == .directory)
      #expect(
        status.permissions == 0o700, "\(created.path): \(String(status.permissions, radix: 8))")
    }
    #expect(try fileStatus(of: folder.appendingPathComponent("q.json")).permissions == 0o600)
    let reopened = try LocalRepository<Question>(directory: folder, filename: "q.json")
    #expect(await reopened.loadAll() == [question])
  }

  /// Two processes saving into one store at once: the lock makes each rewrite start from the
  /// other's latest file, so no save of either is lost.
  @Test func twoWriterProcessesSavingAtOnceKeepEverySave() async throws {
    let folder = try TemporaryDirectory(prefix: "ProcessFaultTwoWriters")
    let path = folder.url.path
    async let first = onOwnThread {
      try ChildProcess.run(storeWriter, ["save", path, "300", "first"])
    }
    async let second = onOwnThread {
      try ChildProcess.run(storeWriter, ["save", path, "300", "second"])
    }
    let results = try await [first, second]
    for result in results {
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardError.isEmpty)
    }
    let acknowledged = results.map { acknowledgedIDs(in: $0.standardOutput) }
    #expect(acknowledged.map(\.count) == [300, 300])

    let repository = try LocalRepository<Question>(directory: folder.url, filename: "q.json")
    let stored = await repository.loadAll()
    #expect(stored.count == 600)
    let storedIDs = Set(stored.map(\.id))
    let lost = acknowledged.joined().filter { !storedIDs.contains($0) }
    #expect(lost.isEmpty, "\(lost.count) acknowledged saves lost")
    #expect(storedIDs.count == stored.count, "duplicate ids")
    for prefix in ["first", "second"] {
      let prompts = stored.map(\.prompt).filter { $0.hasPrefix(prefix + " ") }
      let expected = (0..<300).map { "\(prefix) \($0)" }
      let missing = expected.filter { !prompts.contains($0) }
      #expect(missing.isEmpty, "\(missing.count) missing, such as \(missing.prefix(5))")
      #expect(prompts == expected, "each save is stored once, in the order it was made")
    }
    // Saves of the two writers alternate in the file only if they really ran at once.
    let writers = stored.map { $0.prompt.hasPrefix("first ") }
    let switches = zip(writers, writers.dropFirst()).filter { $0 != $1 }.count
    #expect(switches > 1, "the writers ran one after the other, so nothing was shared")
    #expect(try temporaryFiles(in: folder.url).isEmpty)
  }
}

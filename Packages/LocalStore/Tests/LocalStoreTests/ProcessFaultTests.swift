// Bad store folders: a path through a file, and missing folders, created private.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct ProcessFaultTests {
  /// The folder `<tmp>/file/sub` cannot exist while `<tmp>/file` is a regular file. Opening
  /// may report it at once, or find no store and leave it to the first save; either way the
  /// error is `.directoryUnavailable` naming the folder (not `.unreadable`, whose advice to
  /// repair the store cannot help), memory stays empty and the file is untouched.
  @Test func aFolderPathThroughAFileFailsWithDirectoryUnavailable() async throws {
    let parent = try TemporaryDirectory(prefix: "ProcessFaultPath")
    let blocker = parent.appending("file")
    let contents = Data("a regular file, not a folder".utf8)
    try contents.write(to: blocker)
    let folder = blocker.appendingPathComponent("sub")

    let error: PersistenceError
    do {
      let repository = try LocalRepository<Note>(directory: folder, filename: "q.json")
      #expect(await repository.loadAll().isEmpty)
      error = try await #require(throws: PersistenceError.self) {
        try await repository.save(Note(title: "nowhere to go", text: "a"))
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

    let repository = try LocalRepository<Note>(directory: folder, filename: "q.json")
    #expect(!FileManager.default.fileExists(atPath: top.path), "opening created a folder")
    let note = Note(title: "first", text: "a")
    try await repository.save(note)

    for created in [top, top.appendingPathComponent("b"), folder] {
      let status = try fileStatus(of: created)
      #expect(status.kind == .directory)
      #expect(
        status.permissions == 0o700, "\(created.path): \(String(status.permissions, radix: 8))")
    }
    #expect(try fileStatus(of: folder.appendingPathComponent("q.json")).permissions == 0o600)
    let reopened = try LocalRepository<Note>(directory: folder, filename: "q.json")
    #expect(await reopened.loadAll() == [note])
  }
}

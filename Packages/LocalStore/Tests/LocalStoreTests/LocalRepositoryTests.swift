// Round trips, ID types, file shape and modes of the file-backed repository.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct LocalRepositoryTests {
  @Test func savedItemsSurviveAReopenInOrder() async throws {
    let folder = try TemporaryDirectory()
    let notes = sampleNotes(20)
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    for note in notes { try await repository.save(note) }
    try await repository.delete(notes[3].id)

    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    var expected = notes
    expected.remove(at: 3)
    #expect(await reopened.loadAll() == expected)
    #expect(await reopened.find(by: notes[5].id) == notes[5])
  }

  @Test func worksWithIntIdentifiers() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Counter>(directory: folder.url, filename: "c.json")
    try await repository.save(contentsOf: (1...10).map { Counter(id: $0, value: $0 * $0) })
    try await repository.delete(4)
    let reopened = try LocalRepository<Counter>(directory: folder.url, filename: "c.json")
    #expect(await reopened.find(by: 3) == Counter(id: 3, value: 9))
    #expect(await reopened.find(by: 4) == nil)
    #expect(await reopened.loadAll().map(\.id) == [1, 2, 3, 5, 6, 7, 8, 9, 10])
  }

  @Test func worksWithStringIdentifiers() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Setting>(directory: folder.url, filename: "s.json")
    try await repository.save(Setting(id: "theme", value: "dark"))
    try await repository.save(Setting(id: "font", value: "mono"))
    try await repository.save(Setting(id: "theme", value: "light"))
    let reopened = try LocalRepository<Setting>(directory: folder.url, filename: "s.json")
    #expect(
      await reopened.loadAll() == [
        Setting(id: "theme", value: "light"), Setting(id: "font", value: "mono"),
      ])
  }

  @Test func aMissingFileIsAnEmptyStoreAndNothingIsCreatedUntilTheFirstSave() async throws {
    let folder = try TemporaryDirectory()
    let directory = folder.appending("nested/deeper")
    let repository = try LocalRepository<Note>(directory: directory, filename: "q.json")
    #expect(await repository.loadAll().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: directory.path))

    try await repository.save(Note(title: "p", text: "a"))
    let folderMode = try FileManager.default.attributesOfItem(atPath: directory.path)[
      .posixPermissions]
    let fileMode = try FileManager.default.attributesOfItem(
      atPath: directory.appendingPathComponent("q.json").path)[.posixPermissions]
    #expect(folderMode as? Int == 0o700)
    #expect(fileMode as? Int == 0o600)
  }

  @Test func savesKeepTheFilesPermissionsAndTheJournalCopiesThem() async throws {
    let folder = try TemporaryDirectory()
    let file = folder.appending("q.json")
    try Data("[]".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    try await repository.save(Note(title: "p", text: "a"))  // Rewrites the original format.
    try await repository.save(Note(title: "q", text: "a"))  // Creates the journal.
    for name in ["q.json", "q.json.journal"] {
      let attributes = try FileManager.default.attributesOfItem(atPath: folder.appending(name).path)
      #expect(attributes[.posixPermissions] as? Int == 0o640, "\(name)")
    }
  }

  @Test func writesOneItemPerLineInAVersionedEnvelope() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    try await repository.save(contentsOf: sampleNotes(3))
    let text = String(decoding: try #require(bytes(of: folder.appending("q.json"))), as: UTF8.self)
    let lines = text.split(separator: "\n")
    let header = try #require(lines.first)
    #expect(header.hasPrefix(#"{"version":1,"checksum":"crc32c:"#))
    #expect(header.hasSuffix(#","items":["#))
    #expect(lines.count == 5)
    #expect(lines.last == #"],"sequence":1}"#)
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    #expect((object?["items"] as? [Any])?.count == 3)
  }

  @Test func readsTheOriginalPatternsFormatAndRewritesItAsTheCurrentVersion() async throws {
    let folder = try TemporaryDirectory()
    let file = folder.appending("q.json")
    let originalItems = sampleNotes(4)
    try JSONEncoder().encode(originalItems).write(to: file)

    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await repository.loadAll() == originalItems)
    let added = Note(title: "new", text: "a")
    try await repository.save(added)
    let text = String(decoding: try #require(bytes(of: file)), as: UTF8.self)
    #expect(text.hasPrefix(#"{"version":1,"#))
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    #expect(await reopened.loadAll() == originalItems + [added])
  }

  @Test func aBatchIsOneJournalRecordAndOneSync() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", fileSystem: fileSystem)
    try await repository.save(Note(title: "first", text: "a"))  // Writes the snapshot.
    try await repository.save(Note(title: "second", text: "a"))  // Creates the journal.
    fileSystem.fail(at: nil)
    try await repository.save(contentsOf: sampleNotes(500))
    #expect(fileSystem.calls.filter { $0 == "pwrite" }.count == 1)
    #expect(fileSystem.calls.filter { $0 == "fsync" }.count == 1)
    #expect(!fileSystem.calls.contains("rename"))
    fileSystem.fail(at: nil)
    try await repository.delete(ids: await repository.loadAll().prefix(100).map(\.id))
    #expect(fileSystem.calls.filter { $0 == "pwrite" }.count == 1)
    fileSystem.fail(at: nil)
    try await repository.delete(ids: [UUID()])  // Changes nothing, so writes nothing.
    #expect(!fileSystem.calls.contains("pwrite"))
    #expect(!fileSystem.calls.contains("fsync"))
  }

  @Test func withTheRewriteStrategyABatchIsOneRewrite() async throws {
    let folder = try TemporaryDirectory()
    let fileSystem = FailingFileSystem()
    var configuration = StoreConfiguration()
    configuration.strategy = .rewrite
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration,
      fileSystem: fileSystem)
    try await repository.save(contentsOf: sampleNotes(500))
    try await repository.save(Note(title: "one more", text: "a"))
    #expect(fileSystem.calls.filter { $0 == "rename" }.count == 2)
    #expect(!FileManager.default.fileExists(atPath: folder.appending("q.json.journal").path))
  }

  @Test func aThousandConcurrentSavesEndWithAThousandItemsOnDisk() async throws {
    let folder = try TemporaryDirectory()
    let repository = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let notes = sampleNotes(1_000)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for note in notes { group.addTask { try await repository.save(note) } }
      try await group.waitForAll()
    }
    let reopened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
    let stored = await reopened.loadAll()
    #expect(stored.count == 1_000)
    #expect(Set(stored.map(\.id)) == Set(notes.map(\.id)))
  }

  @Test func defaultDirectoryFollowsXdgOnLinux() {
    #if os(Linux)
      let xdg = DataDirectory.url(
        appName: "app", environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"])
      #expect(xdg.path == "/x/data/app")
      let relative = DataDirectory.url(
        appName: "app", environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/u"])
      #expect(relative.path == "/home/u/.local/share/app")
      let unset = DataDirectory.url(appName: "app", environment: ["HOME": "/home/u"])
      #expect(unset.path == "/home/u/.local/share/app")
    #endif
  }
}

// Versioned files: a real old file is upgraded by registered steps; newer files are refused.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

/// The shape of a note in schema version 1 of a hypothetical app: one `body` field.
private struct NoteV1: Codable, Sendable {
  var id: UUID
  var body: String
}

/// Version 2 of the same app: the body was split into a title and a text.
private struct NoteV2: Codable, Sendable {
  var id: UUID
  var title: String
  var text: String
}

@Suite struct MigrationTests {
  private static let id = UUID()

  /// A file written by version 1 of the app, byte for byte as it would be on disk.
  private static let versionOneFile = """
    {"version":1,"items":[
    {"id":"\(id.uuidString)","body":"What is an actor? | A reference type that isolates its state"}
    ]}

    """

  private static var upgradeToTwo: StoreMigration {
    StoreMigration(from: 1) { (old: NoteV1) in
      let parts = old.body.components(separatedBy: " | ")
      return NoteV2(id: old.id, title: parts[0], text: parts.dropFirst().joined())
    }
  }

  /// Version 3 adds tags: it is today's `Note`.
  private static var upgradeToThree: StoreMigration {
    StoreMigration(from: 2) { (old: NoteV2) in
      Note(id: old.id, title: old.title, text: old.text, tags: ["migrated"])
    }
  }

  private func configuration(version: Int, _ steps: [StoreMigration]) -> StoreConfiguration {
    var configuration = StoreConfiguration()
    configuration.schemaVersion = version
    configuration.migrations = steps
    return configuration
  }

  @Test func anOldFileIsUpgradedOnOpenAndRewrittenOnlyOnTheNextChange() async throws {
    let folder = try TemporaryDirectory()
    let file = folder.appending("q.json")
    try Data(Self.versionOneFile.utf8).write(to: file)
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json",
      configuration: configuration(version: 3, [Self.upgradeToThree, Self.upgradeToTwo]))
    let expected = Note(
      id: Self.id, title: "What is an actor?", text: "A reference type that isolates its state",
      tags: ["migrated"])
    #expect(await repository.loadAll() == [expected])
    #expect(bytes(of: file) == Data(Self.versionOneFile.utf8))  // Opening never writes.

    try await repository.save(Note(title: "new", text: "a"))
    let text = String(decoding: try #require(bytes(of: file)), as: UTF8.self)
    #expect(text.hasPrefix(#"{"version":3,"#))
    let reopened = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json", configuration: configuration(version: 3, []))
    #expect(await reopened.loadAll().first == expected)
  }

  @Test func theSeedsPlainArrayIsVersionZero() async throws {
    let folder = try TemporaryDirectory()
    let v1 = NoteV1(id: Self.id, body: "a | b")
    try JSONEncoder().encode([v1]).write(to: folder.appending("q.json"))
    let repository = try LocalRepository<Note>(
      directory: folder.url, filename: "q.json",
      configuration: configuration(version: 3, [Self.upgradeToTwo, Self.upgradeToThree]))
    #expect(await repository.loadAll().map(\.title) == ["a"])
  }

  @Test func aMissingStepIsAClearErrorAndTheFileIsUntouched() throws {
    let folder = try TemporaryDirectory()
    let file = folder.appending("q.json")
    try Data(Self.versionOneFile.utf8).write(to: file)
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Note>(
        directory: folder.url, filename: "q.json",
        configuration: configuration(version: 3, [Self.upgradeToTwo]))
    }
    guard case .migrationFailed(_, let version, let reason) = error else {
      Issue.record("expected .migrationFailed, got \(error)")
      return
    }
    #expect(version == 2)
    #expect(reason.contains("no migration"))
    #expect(bytes(of: file) == Data(Self.versionOneFile.utf8))
  }

  @Test func aStepThatCannotReadTheOldItemsFailsClearly() throws {
    let folder = try TemporaryDirectory()
    try Data(Self.versionOneFile.utf8).write(to: folder.appending("q.json"))
    let wrongStep = StoreMigration(from: 1) { (old: NoteV2) in old }
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<NoteV2Model>(
        directory: folder.url, filename: "q.json",
        configuration: configuration(version: 2, [wrongStep]))
    }
    #expect(error.description.contains("schema version 1"))
  }

  @Test func aFileFromANewerVersionIsRefused() throws {
    let folder = try TemporaryDirectory()
    let file = folder.appending("q.json")
    try Data(Self.versionOneFile.utf8).write(to: file)
    #expect(throws: PersistenceError.unsupportedVersion(file, version: 1, newest: 0)) {
      try LocalRepository<Note>(
        directory: folder.url, filename: "q.json", configuration: configuration(version: 0, []))
    }
  }
}

/// `NoteV2` as a stored model, with the conformances a repository needs.
private struct NoteV2Model: Codable, Identifiable, Sendable {
  var id: UUID
  var title: String
  var text: String
}

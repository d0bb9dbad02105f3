// Versioned files: a real old file is upgraded by registered steps; newer files are refused.

import Foundation
import Models
import TestSupport
import Testing

@testable import Persistence

/// The shape of a question in schema version 1 of a hypothetical app: one `text` field.
private struct QuestionV1: Codable, Sendable {
  var id: UUID
  var text: String
}

/// Version 2 of the same app: the text was split into a prompt and an answer.
private struct QuestionV2: Codable, Sendable {
  var id: UUID
  var prompt: String
  var answer: String
}

@Suite struct MigrationTests {
  private static let id = UUID()

  /// A file written by version 1 of the app, byte for byte as it would be on disk.
  private static let versionOneFile = """
    {"version":1,"items":[
    {"id":"\(id.uuidString)","text":"What is an actor? | A reference type that isolates its state"}
    ]}

    """

  private static var upgradeToTwo: StoreMigration {
    StoreMigration(from: 1) { (old: QuestionV1) in
      let parts = old.text.components(separatedBy: " | ")
      return QuestionV2(id: old.id, prompt: parts[0], answer: parts.dropFirst().joined())
    }
  }

  /// Version 3 adds tags and a creation date: it is today's `Question`.
  private static var upgradeToThree: StoreMigration {
    StoreMigration(from: 2) { (old: QuestionV2) in
      Question(
        id: old.id, prompt: old.prompt, answer: old.answer, tags: ["migrated"],
        createdAt: Date(timeIntervalSince1970: 0))
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
    let repository = try LocalRepository<Question>(
      directory: folder.url, filename: "q.json",
      configuration: configuration(version: 3, [Self.upgradeToThree, Self.upgradeToTwo]))
    let expected = Question(
      id: Self.id, prompt: "What is an actor?", answer: "A reference type that isolates its state",
      tags: ["migrated"], createdAt: Date(timeIntervalSince1970: 0))
    #expect(await repository.loadAll() == [expected])
    #expect(bytes(of: file) == Data(Self.versionOneFile.utf8))  // Opening never writes.

    try await repository.save(Question(prompt: "new", answer: "a"))
    let text = String(decoding: try #require(bytes(of: file)), as: UTF8.self)
    #expect(text.hasPrefix(#"{"version":3,"#))
    let reopened = try LocalRepository<Question>(
      directory: folder.url, filename: "q.json", configuration: configuration(version: 3, []))
    #expect(await reopened.loadAll().first == expected)
  }

  @Test func theSeedsPlainArrayIsVersionZero() async throws {
    let folder = try TemporaryDirectory()
    let v1 = QuestionV1(id: Self.id, text: "a | b")
    try JSONEncoder().encode([v1]).write(to: folder.appending("q.json"))
    let repository = try LocalRepository<Question>(
      directory: folder.url, filename: "q.json",
      configuration: configuration(version: 3, [Self.upgradeToTwo, Self.upgradeToThree]))
    #expect(await repository.loadAll().map(\.prompt) == ["a"])
  }

  @Test func aMissingStepIsAClearErrorAndTheFileIsUntouched() throws {
    let folder = try TemporaryDirectory()
    let file = folder.appending("q.json")
    try Data(Self.versionOneFile.utf8).write(to: file)
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<Question>(
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
    let wrongStep = StoreMigration(from: 1) { (old: QuestionV2) in old }
    let error = try #require(throws: PersistenceError.self) {
      try LocalRepository<QuestionV2Model>(
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
      try LocalRepository<Question>(
        directory: folder.url, filename: "q.json", configuration: configuration(version: 0, []))
    }
  }
}

/// `QuestionV2` as a stored model, with the conformances a repository needs.
private struct QuestionV2Model: Codable, Identifiable, Sendable {
  var id: UUID
  var prompt: String
  var answer: String
}

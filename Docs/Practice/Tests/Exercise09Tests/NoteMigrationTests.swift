// Checks exercise 9: a store written by version 1 of the app opens with every note split into
// a title and a body, and version 1 refuses the new store as newer rather than as damaged.

import ExerciseSupport
import Foundation
import LocalStore
import Testing

@testable import Exercise09

/// The note exactly as version 1 of the app defined and stored it.
struct StoredNoteV1: Codable, Identifiable, Sendable, Equatable {
  var id: UUID
  var text: String
}

@Suite struct NoteMigrationTests {
  @Test func newNoteSurvivesReopen() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let note = Note(id: UUID(), title: "Buy milk", body: "Two litres")
    try await Note.openStore(in: folder.url).save(note)
    #expect(try await Note.openStore(in: folder.url).loadAll() == [note])
  }

  @Test func storeWrittenByVersionOneOpens() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let old = StoredNoteV1(id: UUID(), text: "Buy milk\nTwo litres, semi-skimmed")
    try await LocalRepository<StoredNoteV1>(directory: folder.url, filename: "notes.json")
      .save(old)
    let store: LocalRepository<Note>
    do {
      store = try Note.openStore(in: folder.url)
    } catch {
      Issue.record("a store written by version 1 no longer opens: \(error)")
      return
    }
    #expect(
      await store.loadAll() == [
        Note(id: old.id, title: "Buy milk", body: "Two litres, semi-skimmed")
      ],
      "a version-1 note must become a note titled with its first line, the rest its body")
  }

  /// Whatever version 1 stored is still there after the migration, blank lines and all: the
  /// title is the text up to the first line break, the body everything after it, exactly.
  @Test func migrationKeepsEveryLine() async throws {
    for text in [
      "Shopping\n\nMilk\n\nEggs\n", "\nA note whose first line is blank", "One line only",
      "Title\n  indented body\n\n\n",
    ] {
      try await checkMigration(of: text)
    }
  }

  func checkMigration(of text: String) async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let old = StoredNoteV1(id: UUID(), text: text)
    try await LocalRepository<StoredNoteV1>(directory: folder.url, filename: "notes.json")
      .save(old)
    let migrated = try await Note.openStore(in: folder.url).loadAll()
    let title = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let expected = Note(
      id: old.id, title: String(title[0]), body: title.count > 1 ? String(title[1]) : "")
    #expect(
      migrated == [expected],
      """
      the version-1 text \(String(reflecting: text)) became \
      \(migrated.map { "title \(String(reflecting: $0.title)), body \(String(reflecting: $0.body))" }): \
      a migration must keep every line, blank ones included
      """)
  }

  /// A person who goes back to version 1 of the app (an older device, a restored backup)
  /// must be told the notes are newer, not that they are damaged: `.corrupt` offers to move
  /// the store aside, which would hide every note from the newer app.
  @Test func versionOneRefusesTheNewStoreAsNewer() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try await LocalRepository<StoredNoteV1>(directory: folder.url, filename: "notes.json")
      .save(StoredNoteV1(id: UUID(), text: "Buy milk"))
    try await Note.openStore(in: folder.url).save(Note(id: UUID(), title: "Call", body: "the bank"))
    do {
      _ = try LocalRepository<StoredNoteV1>(directory: folder.url, filename: "notes.json")
      Issue.record("version 1 of the app opened a store that the new version wrote")
    } catch PersistenceError.unsupportedVersion {
      // Version 1 says the store is newer, and leaves it alone.
    } catch {
      Issue.record(
        """
        version 1 of the app called the new store damaged (\(error)): the new shape \
        is a new version of the format; raise schemaVersion
        """)
    }
  }
}

// Checks exercise 9: a store written by version 1 of the app opens, with every note's text kept.

import ExerciseSupport
import Foundation
import Persistence
import Testing

@testable import Exercise09

/// The note exactly as version 1 of the app defined and stored it.
struct StoredNoteV1: Codable, Identifiable, Sendable {
  var id: UUID
  var text: String
}

@Suite struct NoteMigrationTests {
  @Test func newNoteSurvivesReopen() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let note = Note(id: UUID(), body: "Buy milk")
    try await Note.openStore(in: folder.url).save(note)
    #expect(try await Note.openStore(in: folder.url).loadAll() == [note])
  }

  @Test func storeWrittenByVersionOneOpens() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let old = StoredNoteV1(id: UUID(), text: "Buy milk")
    try await LocalRepository<StoredNoteV1>(directory: folder.url, filename: "notes.json")
      .save(old)
    let store: LocalRepository<Note>
    do {
      store = try Note.openStore(in: folder.url)
    } catch {
      Issue.record("a store written before the rename no longer opens: \(error)")
      return
    }
    #expect(await store.loadAll() == [Note(id: old.id, body: "Buy milk")])
  }
}

// Checks exercise 2: a file that cannot be decoded makes init throw and is never written over.

import ExerciseSupport
import Foundation
import Testing

@testable import Exercise02

@Suite struct NoteStoreTests {
  /// Half a JSON array: what a crash or a bad sync tool leaves behind.
  let damaged = Data(#"[{"id":"6F0C8A41-2B7D-4E57-9E3A-0C1D2E3F4A5B","text":"Buy mi"#.utf8)

  @Test func missingFileIsAnEmptyStore() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try NoteStore(fileURL: folder.file("notes.json"))
    #expect(await store.loadAll().isEmpty)
  }

  @Test func savedNoteSurvivesReopen() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let note = Note(text: "Buy milk")
    try await NoteStore(fileURL: folder.file("notes.json")).save(note)
    #expect(try await NoteStore(fileURL: folder.file("notes.json")).loadAll() == [note])
  }

  @Test func damagedFileMakesInitThrow() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try damaged.write(to: folder.file("notes.json"))
    #expect(
      throws: (any Error).self,
      "a damaged notes.json opened as an empty store: init must throw"
    ) {
      _ = try NoteStore(fileURL: folder.file("notes.json"))
    }
  }

  @Test func damagedFileIsNeverWrittenOver() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let url = folder.file("notes.json")
    try damaged.write(to: url)
    if let store = try? NoteStore(fileURL: url) {
      try? await store.save(Note(text: "A new note"))
    }
    #expect(
      try Data(contentsOf: url) == damaged,
      "the damaged notes.json was written over: every note it held is gone")
  }
}

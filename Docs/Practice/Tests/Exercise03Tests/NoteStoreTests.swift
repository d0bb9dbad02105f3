// Checks exercise 3: a save the disk refused leaves the store as the file is.

import ExerciseSupport
import Foundation
import Testing

@testable import Exercise03

@Suite struct NoteStoreTests {
  @Test func savedNoteSurvivesReopen() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let note = Note(text: "Buy milk")
    try await NoteStore(fileURL: folder.file("notes.json")).save(note)
    #expect(try await NoteStore(fileURL: folder.file("notes.json")).loadAll() == [note])
  }

  @Test func failedSaveLeavesMemoryAsTheFile() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let kept = Note(text: "Buy milk")
    let store = try NoteStore(fileURL: folder.file("notes.json"))
    try await store.save(kept)
    // The folder goes away (an unmounted disk, a user's clean-up): every write now fails.
    folder.remove()
    await #expect(throws: (any Error).self) {
      try await store.save(Note(text: "Call the bank"))
    }
    #expect(
      await store.loadAll() == [kept],
      "the store shows a note that the disk refused: memory is ahead of the file")
  }
}
